# report_torch -- Debian's torch: "why is import torch slow, and was anything
# CUDA really loaded?" answered by the report: python-only verdict with the
# CUDA-named modules, 300+ shared objects, torch._C first by self time.
source "$CT_ROOT/tests/report_lib.sh"
"$PY" -c 'import torch' 2>/dev/null || ct_skip "Debian's python3-torch is not installed for $PY"
ct_run "$PY" -c 'import torch'
ct_eq "$CT_STATUS" 0 "status of import torch"

ct_rjson "j['schema'] == 'coldtrace.report.v1'" \
	"j['cuda']['verdict'] == 'python-only'" \
	"'torch.cuda' in j['cuda']['python_modules'] and j['cuda']['libraries'] == []" \
	"j['libraries']['images'][0]['count'] >= 300" \
	"j['imports']['by_self'][0]['module'] == 'torch._C'" \
	"j['imports']['by_self'][0]['libraries'] >= 100" \
	"j['imports']['by_self'][0]['dlopen_ns'] > 0" \
	"j['imports']['count'] > 500" \
	"len(j['imports']['by_self']) == 10" \
	"[p['part'] for p in j['time']['images'][0]['parts']][:2] == ['native_loading', 'python_imports']" \
	"sum(p['ns'] for p in j['time']['images'][0]['parts']) == j['time']['images'][0]['total_ns']" \
	"j['time']['images'][0]['parts'][0]['ns'] > 0" \
	"any(c['call'] == 'stat' and c['errors'] > 0 for c in j['filesystem']['calls'])" \
	"len(j['filesystem']['failed_lookup_dirs']) > 0" \
	"j['processes'][0]['how'] == 'root'"

ct_report
ct_width "$TMP/rep.out"
ct_has "$TMP/rep.out" "CUDA-named Python modules only; no native CUDA library was mapped"
ct_has "$TMP/rep.out" "torch.backends.cudnn"
ct_has "$TMP/rep.out" "Where the time went"
ct_has "$TMP/rep.out" "torch._C self "
first=$(sed -n '/^  by self time/{n;n;p;q}' "$TMP/rep.out")
case $first in *" torch._C") ;; *) ct_fail "first import by self time: '$first'" ;; esac

ct_report --libs
n=$(grep -c '\.so' "$TMP/rep.out")
[ "$n" -ge 300 ] || ct_fail "--libs lists $n lines with .so, expected 300+"
ct_width "$TMP/rep.out"

ct_report --top 3 --json
"$PY" -c 'import json,sys; j=json.load(open(sys.argv[1])); sys.exit(len(j["imports"]["by_self"]) != 3)' \
	"$TMP/rep.out" || ct_fail "--top 3 does not give 3 imports"
