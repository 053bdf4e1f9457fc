# launch_late_writer -- a background writer still writing 3 s after the
# command exited survives as it does bare (no SIGPIPE when the launcher
# stops waiting); its output reaches stdout.log and output.late counts it.
cmd=(sh -c '(sleep 3; echo late; echo late-err >&2; echo survived >"$0") & echo early')
wait_for() { local i; for i in $(seq 100); do [ -s "$1" ] && return 0; sleep 0.1; done; return 1; }
"${cmd[@]}" "$TMP/bare.fate" >"$TMP/bare.out" 2>"$TMP/bare.err"
BARE_STATUS=$?
wait_for "$TMP/bare.fate" || ct_fail "bare: the background writer did not survive"
ct_run "${cmd[@]}" "$TMP/ct.fate"
ct_eq "$CT_STATUS" "$BARE_STATUS" "exit status under coldtrace vs bare"
ct_json "r['output']['late']['drainer_pid'] > 0" "not r['output']['late']['complete']" \
	"any('drainer' in w for w in r['launcher']['warnings'])"
wait_for "$TMP/ct.fate" || ct_fail "traced: the background writer died (SIGPIPE?)"
for i in $(seq 50); do
	grep -q '"complete": true' "$RUN/record.json" && break
	sleep 0.1
done
cmp "$TMP/bare.out" "$RUN/stdout.log" || ct_fail "stdout.log lacks the late output"
cmp "$TMP/bare.err" "$RUN/stderr.log" || ct_fail "stderr.log lacks the late output"
ct_json "r['output']['late'] == {'stdout_bytes': 5, 'stderr_bytes': 9, 'drainer_pid': r['output']['late']['drainer_pid'], 'complete': True}" \
	"r['output']['stdout_bytes'] == 11" "r['output']['stderr_bytes'] == 9"
