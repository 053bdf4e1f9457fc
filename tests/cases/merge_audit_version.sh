# merge_audit_version -- the loader's audit log starts with its version
# line ("V 1", common/ldaudit.h); the merger reads a log without it (older
# logs) the same, and leaves out a log of a newer version (loader null).
CT_OPTS=(--loader)
ct_run "$PY" -c 'import json'
ct_eq "$CT_STATUS" 0 "exit status of the traced run"
log=$(ls "$RUN"/*.ldaudit | head -n 1)
[ -n "$log" ] || ct_fail "no audit log"
ct_eq "$(head -n 1 "$log")" "V 1" "first line of the audit log"
view() {   # the loader's part of the record: loader{} and every library's search
	"$PY" -c 'import json, sys
r = json.load(open(sys.argv[1] + "/record.json"))
print(json.dumps([(p["loader"], [l.get("search") for l in p["libraries"]]) for p in r["processes"]]))' "$RUN"
}
view >"$TMP/with.json" || ct_fail "cannot read the record"
grep -q '"candidates_tried"' "$TMP/with.json" || ct_fail "no loader account in the record"
sed -i 1d "$log"
"$COLDTRACE" merge "$RUN" >/dev/null || ct_fail "merge of the log without a version line failed"
view >"$TMP/without.json"
cmp "$TMP/with.json" "$TMP/without.json" || ct_fail "a log without its version line reads differently"
sed -i '1i V 99' "$log"
"$COLDTRACE" merge "$RUN" >/dev/null || ct_fail "merge of the newer log failed"
ct_json "r['processes'][0]['loader'] is None"
