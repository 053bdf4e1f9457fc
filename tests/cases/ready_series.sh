# ready_series -- -n 3 --cache both --ready port:N: time to ready is a
# series metric (series.json's rows and statistics per group, the series
# report and page); diff of two series shows it, and a gate on it passes
# on the same service and fails on one that binds 700 ms later.
source "$CT_ROOT/tests/series_lib.sh"
source "$CT_ROOT/tests/diff_lib.sh"
source "$CT_ROOT/tests/ready_lib.sh"
port=$(ready_port)
for s in A:0.3 B:0.3 C:1.0; do
	ct_series --name "${s%:*}" -n 3 --cache both --ready port:$port -- /usr/bin/python3 \
		"$READY_SERVER" $port serve "${s#*:}"
	ct_eq "$CT_STATUS" 0 "status of series ${s%:*}"
	eval "ser_${s%:*}=\$SERIES"
done
SERIES=$ser_A
ct_sjson "len(runs) == 6 and all(300 <= r['ready_ms'] <= 3000 for r in runs)" \
	"all(s['metrics']['ready_ms'][g]['n'] == 3 for g in ('cold', 'warm'))" \
	"s['metrics']['ready_ms']['all']['median'] >= 300" \
	"s['cold_penalty']['ready_ms'] is not None"
"$COLDTRACE" report "$ser_A" >"$TMP/report.txt" || ct_fail "series report failed"
grep -q '^  ready_ms ' "$TMP/report.txt" || ct_fail "no ready_ms in the series report"
"$COLDTRACE" report --html "$ser_A" >/dev/null 2>&1 || ct_fail "series page failed"
grep -q 'ready_ms' "$ser_A/report.html" || ct_fail "no ready_ms on the series page"

ct_diff same --fail-if 'ready>+50%' "$ser_A" "$ser_B"
ct_eq "$DIFF_STATUS" 0 "gate on the same service"
ct_djson same "[m['metric'] for m in d['headline']['metrics'] if m['metric'] == 'ready'] == ['ready']"
ct_has "$TMP/same.txt" "time to ready"
ct_has "$TMP/same.txt" "passed ready>+50%"
ct_diff later --fail-if 'ready>+50%' "$ser_A" "$ser_C"
ct_eq "$DIFF_STATUS" 1 "gate on the service that binds 700 ms later"
ct_djson later "'ready' in d['summary']['significant']"
ct_has "$TMP/later.txt" "FAILED ready>+50%"
