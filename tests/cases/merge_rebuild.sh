# merge_rebuild -- `coldtrace merge` of a launcher's run directory: a
# daemon that outlived the command is named in warnings[] (complete:
# false); merging again once it ended completes it and keeps what only the
# launcher saw (mode, output counts, its warnings).  After SIGKILL of the
# launcher, merge counts the output logs it left.  An empty directory is an
# error, not a record.
wait_file() { local i; for i in $(seq 100); do [ -s "$1" ] && return 0; sleep 0.1; done; return 1; }

ct_run sh -c '(sleep 2; echo done >"$0") </dev/null >/dev/null 2>&1 & echo hi' "$TMP/fate"
ct_eq "$CT_STATUS" 0 "status"
ct_json "not all(p['complete'] for p in r['processes'])" \
	"any('not finished' in w for w in r['warnings'])"
wait_file "$TMP/fate" || ct_fail "the daemon did not finish"
for i in $(seq 50); do
	"$COLDTRACE" merge "$RUN" 2>"$TMP/merge.err" || ct_fail "merge failed: $(cat "$TMP/merge.err")"
	grep -q 'not finished' "$TMP/merge.err" || break
	sleep 0.1
done
ct_json "all(p['complete'] for p in r['processes'])" "r['launcher']['mode'] == 'ct-launch'" \
	"r['output']['stdout_bytes'] == 3" "r['output']['stderr_bytes'] == 0" \
	"r['artifacts']['stdout'] == 'stdout.log'" "r['exit']['code'] == 0" \
	"not any('not finished' in w for w in r['warnings'])" "r['process']['pid'] > 0"

# SIGKILL of the launcher: no record; merge rebuilds one that counts the logs.
"$CT" --runs-dir "$TMP/killed" --quiet -- sh -c 'echo out; echo err >&2; exec sleep 1' \
	>/dev/null 2>&1 &
launcher=$!
for i in $(seq 100); do
	[ -s "$(echo "$TMP"/killed/*/stderr.log)" ] && break
	sleep 0.1
done
kill -KILL "$launcher"
wait "$launcher" 2>/dev/null
sleep 1.5
RUN=$(echo "$TMP"/killed/*)
[ ! -e "$RUN/record.json" ] || ct_fail "a record although the launcher was killed"
"$COLDTRACE" merge "$RUN" 2>"$TMP/merge.err" || ct_fail "merge after SIGKILL failed"
ct_json "r['artifacts']['stdout'] == 'stdout.log'" "r['artifacts']['stderr'] == 'stderr.log'" \
	"r['output']['stdout_bytes'] == 4" "r['output']['stderr_bytes'] == 4" \
	"any('left no record' in w for w in r['warnings'])"

mkdir -p "$TMP/empty"
"$COLDTRACE" merge "$TMP/empty" >"$TMP/out" 2>"$TMP/err"
ct_eq $? 2 "merge of an empty directory"
ct_lines "$TMP/err" 1 "stderr for an empty directory"
grep -q "^coldtrace: merge: no event logs" "$TMP/err" || ct_fail "unclear: $(cat "$TMP/err")"
[ ! -e "$TMP/empty/record.json" ] || ct_fail "a record was written for an empty directory"
