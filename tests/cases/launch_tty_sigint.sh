# launch_tty_sigint -- Ctrl-C typed at a terminal reaches the command once:
# the terminal signals the whole foreground process group, so the launcher
# must not forward its own copy.  A duplicate can coalesce with the first
# delivery while that is still pending, so the command's count alone would
# pass a forwarding launcher some of the time: the launcher runs under
# strace (itself only, not its child), and any SIGINT it sends fails.
command -v strace >/dev/null || ct_skip "no strace (bash .ci/deps installs it)"
bin=$(ct_fixture sigcount) || ct_fail "cannot build the sigcount fixture"
# -I3: strace blocks fatal signals itself, so only the launcher handles ^C.
# Under make check: LeakSanitizer cannot run in a traced process.
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" "$PY" "$CT_ROOT/tests/pty_ctrl_c.py" "run directory" "$(command -v strace)" -I3 -o "$TMP/launcher.strace" \
	-e trace=kill,tkill,tgkill,rt_sigqueueinfo,rt_tgsigqueueinfo,pidfd_send_signal \
	"$CT" --runs-dir "$TMP/runs" -- "$bin" >"$TMP/tty.out"
st=$?
cat "$TMP/tty.out" "$TMP/launcher.strace"
ct_eq "$st" 0 "status of the command that handled Ctrl-C"
grep -q "count=1" "$TMP/tty.out" || ct_fail "the command did not count exactly one SIGINT"
grep -q -- '--- SIGINT {si_signo=SIGINT, si_code=SI_KERNEL' "$TMP/launcher.strace" ||
	ct_fail "the launcher did not get the terminal's SIGINT"
! grep -q 'SIGINT)' "$TMP/launcher.strace" || ct_fail "the launcher sent a SIGINT of its own"
