# export_otlp -- OTLP JSON lines of a run (nested imports, a thread, a
# dlopen with --loader phases, a fork and an exec) and of a series (one
# line per run): each line parses as TracesData JSON with the
# opentelemetry-proto schema, span parents form the process/import tree,
# times equal the record's; phases sit under their dlopen.
source "$CT_ROOT/tests/export_lib.sh"
source "$CT_ROOT/tests/series_lib.sh"
ct_export_tree ct_run
"$COLDTRACE" export --otlp "$RUN" 2>"$TMP/exp.err" || { cat "$TMP/exp.err"; ct_fail "export"; }
ct_lines "$TMP/exp.err" 1 "export's stderr"
ct_has "$TMP/exp.err" "wrote $RUN/otlp.jsonl (1 run,"
"$VPY" "$CT_ROOT/tests/otlp_check.py" "$RUN/otlp.jsonl" "$RUN/record.json" ||
	ct_fail "check of the run's OTLP"
"$VPY" - "$RUN/otlp.jsonl" <<'PYEOF' || ct_fail "OTLP content"
import json, sys
spans = json.loads(open(sys.argv[1]).readline())["resourceSpans"][0]["scopeSpans"][0]["spans"]
by_id = {s["spanId"]: s for s in spans}
name = lambda s: by_id[s["parentSpanId"]]["name"]
init = next(s for s in spans if s["name"] == "init liblp_b.so")
assert name(init) == "constructors" and name(by_id[init["parentSpanId"]]) == "dlopen liblp_b.so"
true = next(s for s in spans if s["name"].startswith("true ("))
assert name(true).startswith("python3 ("), name(true)   # the exec'd image under the forked one
assert any(s["name"] == "finalization" for s in spans)
PYEOF

# A series: one line, one trace per run, each with its cache group.
ct_series -n 2 -- "$PY" -c 'import json'
ct_eq "$CT_STATUS" 0 "status of the series"
"$COLDTRACE" export --otlp "$SERIES" -o "$TMP/series.jsonl" 2>"$TMP/ser.err" ||
	{ cat "$TMP/ser.err"; ct_fail "export of the series"; }
ct_has "$TMP/ser.err" "(2 runs,"
"$VPY" "$CT_ROOT/tests/otlp_check.py" "$TMP/series.jsonl" "$SERIES/001/record.json" \
	"$SERIES/002/record.json" || ct_fail "check of the series' OTLP"
grep -q '"coldtrace.cache_mode","value":{"stringValue":"' "$TMP/series.jsonl" ||
	ct_fail "no cache mode in the series' resources"
