# report_no_logs -- record.json is the report's only input: `coldtrace
# report` gives byte-identical text and JSON before and after the run's
# event logs (*.ctlog) are deleted, and the log-derived parts (time split,
# failed-lookup directories, per-import native time) are in it.
source "$CT_ROOT/tests/report_lib.sh"
ct_run "$PY" -c 'import json, ctypes, decimal'
ct_eq "$CT_STATUS" 0 "status of the Python run"
ct_json "all('time' in p and 'paths' in p for p in r['processes'])" \
	"len(r['processes'][0]['paths']['failed_lookup_dirs']) > 0" \
	"any(i['native']['fs_ns'] > 0 for i in r['processes'][0]['imports'])"
for args in "" "--json" "--top 3" "--json --libs" "--short"; do
	# shellcheck disable=SC2086
	"$COLDTRACE" report $args "$RUN" >"$TMP/before.out" 2>&1 || ct_fail "report $args failed"
	cp "$TMP/before.out" "$TMP/before.$(echo "$args" | tr -d ' -')"
done
rm -f "$RUN"/*.ctlog
ls "$RUN"/*.ctlog >/dev/null 2>&1 && ct_fail "the logs are still there"
for args in "" "--json" "--top 3" "--json --libs" "--short"; do
	# shellcheck disable=SC2086
	"$COLDTRACE" report $args "$RUN" >"$TMP/after.out" 2>&1 || ct_fail "report $args failed without logs"
	cmp "$TMP/before.$(echo "$args" | tr -d ' -')" "$TMP/after.out" ||
		ct_fail "report $args differs once the event logs are gone"
done
"$PY" -c 'import json,sys; j=json.load(open(sys.argv[1])); p=j["time"]["images"][0]["parts"]
sys.exit(not (p[0]["part"] == "native_loading" and any(x["part"] == "filesystem" and x["ns"] > 0 for x in p)))' \
	"$TMP/before.json" || ct_fail "the time split lacks its log-derived parts"
