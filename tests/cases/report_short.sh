# report_short -- the short form (what ct-launch prints after a run) and
# the default run: the newest under $COLDTRACE_DIR.
source "$CT_ROOT/tests/report_lib.sh"
ct_run "$PY" -c 'import json, ctypes'
ct_eq "$CT_STATUS" 0 "status"
older=$RUN
ct_run "$PY" -c 'import json, decimal'
ct_report --short
ct_width "$TMP/rep.out"
for s in "Where the time went" "Imports" "Shared objects" "CUDA  verdict: none" "full report: "; do
	ct_has "$TMP/rep.out" "$s"
done
! grep -q "Processes and threads" "$TMP/rep.out" || ct_fail "the short form shows the tree"
n=$(wc -l <"$TMP/rep.out")
[ "$n" -le 60 ] || ct_fail "short form of $n lines"

COLDTRACE_DIR=$TMP/runs "$COLDTRACE" report --json >"$TMP/newest.json" || ct_fail "report without a run"
ct_eq "$("$PY" -c 'import json,sys; print(json.load(open(sys.argv[1]))["overview"]["record"])' \
	"$TMP/newest.json")" "$TMP/runs/$(basename "$RUN")/record.json" "run chosen by default"
[ "$older" != "$RUN" ] || ct_fail "both runs in one directory"
