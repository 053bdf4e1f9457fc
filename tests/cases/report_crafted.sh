# report_crafted -- crafted records and logs (also the fuzzers' seeds):
# a wall time of 600,000,000,000 ms, import ids that repeat or parents in
# a cycle, extreme times, sums of durations and sizes past 2^63.  report
# and report --json give a sane report (or one line and status 2), never
# a crash; merge saturates a sum instead of wrapping it.
for rec in "$CT_ROOT"/tests/fuzz/corpus/fuzz_record/*; do
	for opt in "" --json; do
		"$COLDTRACE" report $opt "$rec" >"$TMP/rep.out" 2>"$TMP/rep.err"
		rc=$?
		echo "report $opt $(basename "$rec") -> $rc"
		case $rc in
		0) [ -s "$TMP/rep.out" ] || ct_fail "$(basename "$rec"): empty report" ;;
		2) ct_lines "$TMP/rep.err" 1 "$(basename "$rec"): stderr" ;;
		*) cat "$TMP/rep.err"; ct_fail "report $opt $(basename "$rec") exited $rc" ;;
		esac
	done
done
grep -q '"depth"' "$TMP/rep.out" || ct_fail "import tree missing from the last report"

mkdir -p "$TMP/run"
"$PY" - "$CT_ROOT/tests" "$TMP/run" <<'PYEOF' || ct_fail "cannot write the crafted log"
import sys
sys.path.insert(0, sys.argv[1])
from ctlog_write import *
big = 2**63 - 1
proc_log(sys.argv[2], 4242, 1, 1000, ["/bin/x"], extra=[
    record(OPEN, 1100, dur_ns=big, result=3, strings=("/a",)),
    record(OPEN, 1200, dur_ns=big, result=3, strings=("/b",)),
    record(MMAP, 1300, result=4096, a1=(3 << 40) | 1, a2=big, strings=("/a",)),
    record(MMAP, 1400, result=8192, a1=(3 << 40) | 1, a2=big, strings=("/a",))])
PYEOF
"$COLDTRACE" merge "$TMP/run" || ct_fail "merge of the crafted log failed"
RUN=$TMP/run
ct_json "r['processes'][0]['calls']['open']['time_ns'] == 2**63 - 1" \
	"r['processes'][0]['mmap']['file_bytes'] == 2**63 - 1"
"$COLDTRACE" report "$RUN" >"$TMP/rep.out" || ct_fail "report of the crafted merge failed"
