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
	ct_bad "$cmd missing path" 1 $COLDTRACE $cmd "$TMP/nonexistent"
	ct_bad "$cmd truncated" 1 $COLDTRACE $cmd "$TMP/truncated.json"
	grep -q "truncated" "$TMP/bad.err" || ct_fail "truncated JSON not called truncated"
	ct_bad "$cmd foreign JSON" 1 $COLDTRACE $cmd "$TMP/foreign.json"
	grep -q "not a coldtrace record" "$TMP/bad.err" || ct_fail "foreign JSON: $(cat "$TMP/bad.err")"
	ct_bad "$cmd newer schema" 1 $COLDTRACE $cmd "$TMP/newer.json"
	grep -q "newer" "$TMP/bad.err" || ct_fail "newer schema: $(cat "$TMP/bad.err")"
	ct_bad "$cmd empty file" 1 $COLDTRACE $cmd "$TMP/empty.json"
	ct_bad "$cmd binary file" 1 $COLDTRACE $cmd "$TMP/binary.json"
	ct_bad "$cmd JSON array" 1 $COLDTRACE $cmd "$TMP/array.json"
	ct_bad "$cmd directory without record" 1 $COLDTRACE $cmd "$TMP/norecord"
	ct_bad "$cmd no runs dir" 1 env COLDTRACE_DIR="$TMP/none" $COLDTRACE $cmd
	ct_bad "$cmd two runs (usage)" 2 $COLDTRACE $cmd "$RUN" "$RUN"
	ct_bad "$cmd unknown option" 2 $COLDTRACE $cmd --frobnicate "$RUN"
done
ct_bad "report --top 0 (usage)" 2 "$COLDTRACE" report --top 0 "$RUN"
ct_bad "report --top x (usage)" 2 "$COLDTRACE" report --top x "$RUN"
ct_bad "report --pid of no process" 1 "$COLDTRACE" report --pid 999999999 "$RUN"
ct_bad "export without --chrome (usage)" 2 "$COLDTRACE" export "$RUN"
ct_bad "export --fs-events -1 (usage)" 2 "$COLDTRACE" export --chrome --fs-events -1 "$RUN"

# A record without its event logs still reports, from the record alone.
mkdir -p "$TMP/copy" && cp "$rec" "$TMP/copy/record.json"
"$COLDTRACE" report "$TMP/copy/record.json" >"$TMP/copy.out" || ct_fail "report of a copied record"
ct_has "$TMP/copy.out" "Where the time went"
ct_bad "export without logs" 1 "$COLDTRACE" export --chrome "$TMP/copy"
