# merge_old_threads -- a log without THREAD_CPU/THREAD_WAIT records (an
# older shim's) merges: its threads have null CPU fields, the image's
# waiting{} counts them unseen, and the report has no Waiting section.
mkdir -p "$TMP/run"
"$PY" - "$CT_ROOT/tests" "$TMP/run" <<'PYEOF' || ct_fail "cannot write the log"
import sys
sys.path.insert(0, sys.argv[1])
from ctlog_write import proc_log
proc_log(sys.argv[2], 4242, 1, 1000, ["/bin/old"], exit_ns=5000000)
PYEOF
"$COLDTRACE" merge "$TMP/run" >/dev/null || ct_fail "merge failed"
RUN=$TMP/run
ct_json "r['processes'][0]['threads'][0]['cpu_ns'] is None" \
	"r['processes'][0]['threads'][0]['off_cpu_ns'] is None" \
	"r['processes'][0]['threads'][0]['waits'] is None" \
	"r['processes'][0]['threads'][0]['life_ns'] == 4999000" \
	"r['processes'][0]['waiting']['threads_seen'] == 0" \
	"r['processes'][0]['waiting']['threads_unseen'] == 1" \
	"r['processes'][0]['waiting']['cpu_ns'] is None"
"$COLDTRACE" report --json "$RUN" >"$TMP/report.json" || ct_fail "report --json failed"
ct_jtrue "$TMP/report.json" j "report --json" "j['waiting']['images'] == []"
