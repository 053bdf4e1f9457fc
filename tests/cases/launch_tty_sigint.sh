# launch_tty_sigint -- Ctrl-C typed at a terminal reaches the command once:
# the terminal signals the whole foreground process group, so the launcher
# must not forward its own copy.
# (A duplicate can coalesce with the first delivery, so a launcher that
# forwards shows up most of the time, not every time.)
bin=$(ct_fixture sigcount) || ct_fail "cannot build the sigcount fixture"
"$PY" "$CT_ROOT/tests/pty_ctrl_c.py" "run directory" "$CT" --runs-dir "$TMP/runs" -- "$bin" \
	>"$TMP/tty.out"
st=$?
cat "$TMP/tty.out"
ct_eq "$st" 0 "status of the command that handled Ctrl-C"
grep -q "count=1" "$TMP/tty.out" || ct_fail "the command did not count exactly one SIGINT"
