# series_report -- `coldtrace report` on a series directory shows the
# series (text and --json: the same sections), on SERIES/002 the single
# run, and with no argument the newest run or series.
source "$CT_ROOT/tests/series_lib.sh"
ct_series -n 2 -- /usr/bin/python3 -c 'import json'
ct_eq "$CT_STATUS" 0 "status of the series"
"$COLDTRACE" report "$SERIES" >"$TMP/rep.txt" 2>"$TMP/rep.err" || ct_fail "report of the series failed"
grep -qF "series: /usr/bin/python3 -c 'import json'" "$TMP/rep.txt" || ct_fail "no series overview (the command quoted)"
grep -q '^  wall_ms ' "$TMP/rep.txt" || ct_fail "no wall_ms row in the metrics table"
grep -q '^  json ' "$TMP/rep.txt" || ct_fail "the import json is not among the top imports"
"$COLDTRACE" report --json --top 3 "$SERIES" >"$TMP/rep.json" || ct_fail "report --json failed"
"$PY" - "$TMP/rep.json" <<'PYEOF' || ct_fail "report --json of the series (see above)"
import json, sys
j = json.load(open(sys.argv[1]))
assert j["schema"] == "coldtrace.series-report.v1", j["schema"]
assert set(j) >= {"overview", "metrics", "imports", "libraries", "warnings"}, sorted(j)
assert j["overview"]["runs"] == 2 and j["overview"]["cache"] == "warm"
assert len(j["imports"]) == 3 and "wall_ms" in j["metrics"]
PYEOF
"$COLDTRACE" report "$SERIES/002" >"$TMP/run.txt" 2>&1 || ct_fail "report of SERIES/002 failed"
grep -q '^series:' "$TMP/run.txt" && ct_fail "SERIES/002 was reported as a series"
"$COLDTRACE" report --json "$SERIES/002" | "$PY" -c 'import json,sys; assert json.load(sys.stdin)["schema"] == "coldtrace.report.v1"' ||
	ct_fail "report --json of SERIES/002 is not a run report"
COLDTRACE_DIR=$TMP/runs "$COLDTRACE" report --json >"$TMP/newest.json" || ct_fail "report without argument failed"
grep -q '"coldtrace.series-report.v1"' "$TMP/newest.json" || ct_fail "the newest entry (a series) was not reported"
ct_run /usr/bin/python3 -c 'pass'
COLDTRACE_DIR=$TMP/runs "$COLDTRACE" report --json >"$TMP/newest.json" || ct_fail "report without argument failed"
grep -q '"coldtrace.report.v1"' "$TMP/newest.json" || ct_fail "the newest entry (a run) was not reported"
