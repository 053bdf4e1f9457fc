# report_bad_input -- a missing path, a truncated or foreign JSON file, a
# newer schema, bad options: one "coldtrace: ..." line, status 2, nothing
# on stdout, never a crash.  The same for export.
source "$CT_ROOT/tests/report_lib.sh"
ct_run true
ct_eq "$CT_STATUS" 0 "status of true"
rec=$RUN/record.json

head -c 300 "$rec" >"$TMP/truncated.json"
echo '{"hello": [1, 2, 3]}' >"$TMP/foreign.json"
sed 's/coldtrace\.run\.v1/coldtrace.run.v7/' "$rec" >"$TMP/newer.json"
: >"$TMP/empty.json"
printf '\x00\x01garbage' >"$TMP/binary.json"
echo '[1, 2]' >"$TMP/array.json"
mkdir -p "$TMP/norecord"
for cmd in report "export --chrome"; do
	ct_bad "$cmd missing path" $COLDTRACE $cmd "$TMP/nonexistent"
	ct_bad "$cmd truncated" $COLDTRACE $cmd "$TMP/truncated.json"
	grep -q "truncated" "$TMP/bad.err" || ct_fail "truncated JSON not called truncated"
	ct_bad "$cmd foreign JSON" $COLDTRACE $cmd "$TMP/foreign.json"
	grep -q "not a coldtrace record" "$TMP/bad.err" || ct_fail "foreign JSON: $(cat "$TMP/bad.err")"
	ct_bad "$cmd newer schema" $COLDTRACE $cmd "$TMP/newer.json"
	grep -q "newer" "$TMP/bad.err" || ct_fail "newer schema: $(cat "$TMP/bad.err")"
	ct_bad "$cmd empty file" $COLDTRACE $cmd "$TMP/empty.json"
	ct_bad "$cmd binary file" $COLDTRACE $cmd "$TMP/binary.json"
	ct_bad "$cmd JSON array" $COLDTRACE $cmd "$TMP/array.json"
	ct_bad "$cmd directory without record" $COLDTRACE $cmd "$TMP/norecord"
	ct_bad "$cmd no runs dir" env COLDTRACE_DIR="$TMP/none" $COLDTRACE $cmd
	ct_bad "$cmd two runs (usage)" $COLDTRACE $cmd "$RUN" "$RUN"
	ct_bad "$cmd unknown option" $COLDTRACE $cmd --frobnicate "$RUN"
done
ct_bad "report --top 0 (usage)" "$COLDTRACE" report --top 0 "$RUN"
ct_bad "report --top x (usage)" "$COLDTRACE" report --top x "$RUN"
ct_bad "report --pid of no process" "$COLDTRACE" report --pid 999999999 "$RUN"
ct_bad "export without --chrome (usage)" "$COLDTRACE" export "$RUN"
ct_bad "export --fs-events -1 (usage)" "$COLDTRACE" export --chrome --fs-events -1 "$RUN"

# A record without its event logs still reports, from the record alone.
mkdir -p "$TMP/copy" && cp "$rec" "$TMP/copy/record.json"
"$COLDTRACE" report "$TMP/copy/record.json" >"$TMP/copy.out" || ct_fail "report of a copied record"
ct_has "$TMP/copy.out" "Where the time went"
ct_bad "export without logs" "$COLDTRACE" export --chrome "$TMP/copy"
