# report_procs -- processes and threads as a tree: fork, vfork+exec,
# posix_spawn, system() and an exec chain under the root; threads with
# their creator; --pid narrows the per-process sections.
source "$CT_ROOT/tests/report_lib.sh"
bin=$(ct_fixture procs) || ct_fail "cannot build the procs fixture"
ct_run "$bin"
ct_eq "$CT_STATUS" 0 "status of procs"
ct_rjson "len(j['processes']) == 1 and j['processes'][0]['how'] == 'root'" \
	"sorted(k['how'] for k in j['processes'][0]['children']) == ['fork', 'fork', 'spawn', 'system', 'vfork']" \
	"[(k['process'], k['children']) for k in j['processes'][0]['children'] if k['how'] == 'vfork'] == [('true', [])]" \
	"j['overview']['counts']['images'] == 7 and j['overview']['counts']['processes'] == 6"
ct_report
ct_width "$TMP/rep.out"
ct_has "$TMP/rep.out" "  fork    pid "
ct_has "$TMP/rep.out" "      exec    pid "
child=$(ct_jget "[p['pid'] for p in r['processes'] if p['exec_of']][0]")
images=$(ct_jget "len([p for p in r['processes'] if p['pid'] == $child])")
"$COLDTRACE" report --json --pid "$child" "$RUN" >"$TMP/pid.json" || ct_fail "report --pid $child"
"$PY" - "$TMP/pid.json" "$child" "$images" <<'PYEOF' || ct_fail "--pid does not select the process's images"
import json, sys
j = json.load(open(sys.argv[1]))
pids = {i["pid"] for i in j["time"]["images"]} | {i["pid"] for i in j["libraries"]["images"]}
sys.exit(0 if pids == {int(sys.argv[2])} and len(j["time"]["images"]) == int(sys.argv[3]) > 1 else 1)
PYEOF

mkdir -p "$TMP/py"
ct_run "$PY" "$CT_ROOT/tests/fixtures/py_threads.py" "$TMP/py"
ct_eq "$CT_STATUS" 0 "status of py_threads"
ct_rjson "len(j['processes'][0]['threads']) == 4" \
	"all(t['creator'] == j['processes'][0]['pid'] for t in j['processes'][0]['threads'])"
ct_report
ct_width "$TMP/rep.out"
ct_has "$TMP/rep.out" "thread  tid "
