# launch_script_noshebang -- an executable script without "#!" runs
# through /bin/sh as under execvp (env, time, nice), not exit 126; the
# record shows the shell that ran it.
printf 'echo "ran $0 $*"\necho to-stderr >&2\nexit 3\n' >"$TMP/script"
chmod +x "$TMP/script"
cd "$TMP"
ct_bare env ./script a 'b c'
ct_run_live ./script a 'b c'
ct_eq "$CT_STATUS" "$BARE_STATUS" "exit status under coldtrace vs bare"
ct_eq "$BARE_STATUS" 3 "bare exit status"
cmp "$TMP/bare.out" "$TMP/ct.out" || ct_fail "stdout differs under coldtrace"
cmp "$TMP/bare.out" "$RUN/stdout.log" || ct_fail "stdout.log differs from bare stdout"
cmp "$TMP/bare.err" "$RUN/stderr.log" || ct_fail "stderr.log differs from bare stderr"
ct_json "r['command']['argv'] == ['./script', 'a', 'b c']" \
	"r['processes'][0]['argv'] == ['/bin/sh', './script', 'a', 'b c']" "r['exit']['code'] == 3"
