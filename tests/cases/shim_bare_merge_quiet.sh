# shim_bare_merge_quiet -- in a bare run the merge's warnings never reach
# the host's stderr: they are in record.json's warnings and in the run
# directory's merge.log (kept only when the merge had something to say).
cmd=(sh -c '[ -z "$COLDTRACE_RUN_DIR" ] || printf not-a-log >"$COLDTRACE_RUN_DIR/1.2.ctlog"; echo out; echo err >&2')
ct_bare "${cmd[@]}"
out=$TMP/bare-runs
COLDTRACE_DIR=$out LD_PRELOAD=$CT_BIN_DIR/libcoldtrace.so "${cmd[@]}" >"$TMP/b.out" 2>"$TMP/b.err"
ct_eq "$?" "$BARE_STATUS" "exit status of the bare run"
cmp "$TMP/bare.out" "$TMP/b.out" || ct_fail "stdout differs in the bare run"
cmp "$TMP/bare.err" "$TMP/b.err" || { cat "$TMP/b.err"; ct_fail "stderr differs in the bare run"; }
RUN=$(ls -d "$out"/*)
ct_json "any('1.2.ctlog' in w and 'not a coldtrace event log' in w for w in r['warnings'])"
grep -q '1.2.ctlog: not a coldtrace event log' "$RUN/merge.log" || ct_fail "merge.log lacks the warning"
rm -rf "$out"
COLDTRACE_DIR=$out LD_PRELOAD=$CT_BIN_DIR/libcoldtrace.so /bin/true
RUN=$(ls -d "$out"/*)
[ -f "$RUN/record.json" ] || ct_fail "no record.json"
[ -e "$RUN/merge.log" ] && ct_fail "an empty merge.log was kept"
exit 0
