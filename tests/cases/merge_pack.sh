# merge_pack -- a damaged pack costs only what the damage holds, and says
# so in one line: cut in a slot's header, that image is named lost and
# the others are kept; a pack header that is not one, its logs are not
# read (one warning) and the logs of their own still are; alone, it is
# what merge names.  dump of a
# slot's log by its name reads as a file would.
ct_compare bash -c 'for i in 1 2 3 4 5; do /bin/true; done; echo done'
ct_json "len(r['processes']) == 6"
cp -r "$RUN" "$TMP/cut"
pack=$TMP/cut/images.ctpack
rm -f "$TMP/cut/record.json"
# the pack ends 100 bytes into its last written slot
last=$("$PY" -c 'import struct, sys; print(struct.unpack_from("<I", open(sys.argv[1], "rb").read(16), 12)[0] - 1)' "$pack")
truncate -s $((4096 + last * 65536 + 100)) "$pack"
"$COLDTRACE" merge "$TMP/cut" >/dev/null 2>"$TMP/cut.err" || ct_fail "merge of a cut pack failed: $(cat "$TMP/cut.err")"
grep -q "images.ctpack: cut short in slot $last's header (truncated)" "$TMP/cut.err" ||
	ct_fail "no line names the cut: $(cat "$TMP/cut.err")"
ct_jtrue "$TMP/cut/record.json" r record.json "len(r['processes']) == 5" \
	"any('cut short' in w for w in r['warnings'])"
"$COLDTRACE" dump "$TMP/cut" >"$TMP/cut.jsonl" 2>"$TMP/cutdump.err"
ct_eq "$?" 2 "exit status of dump of a cut pack"
ct_eq "$(grep -c '"kind":"log"' "$TMP/cut.jsonl")" 5 "logs dumped from the cut pack"
# a pack header that is none, beside a log of its own
cp -r "$RUN" "$TMP/bad"
rm -f "$TMP/bad/record.json"
printf 'XXXXXXXX' | dd of="$TMP/bad/images.ctpack" conv=notrunc status=none
COLDTRACE_PACK=0 ct_run /bin/true
cp "$RUN"/*.ctlog "$TMP/bad/"
"$COLDTRACE" merge "$TMP/bad" >/dev/null 2>"$TMP/bad.err"
grep -q "images.ctpack: not a coldtrace pack" "$TMP/bad.err" || ct_fail "no line names the bad pack: $(cat "$TMP/bad.err")"
ct_jtrue "$TMP/bad/record.json" r record.json "len(r['processes']) == 1" \
	"any('not a coldtrace pack' in w for w in r['warnings'])"
# the bad pack alone: its defect, not "no event logs"
mkdir "$TMP/badonly" && cp "$TMP/bad/images.ctpack" "$TMP/badonly/"
"$COLDTRACE" merge "$TMP/badonly" >/dev/null 2>"$TMP/badonly.err"
ct_eq "$?" 125 "exit status of merge of a bad pack alone"
ct_eq "$(grep -c 'no event log could be read in .*images.ctpack: not a coldtrace pack' "$TMP/badonly.err")" 1 \
	"one line naming the bad pack"
ct_compare bash -c 'for i in 1 2; do /bin/true; done' 
# one slot's log by its name
log=$("$PY" -c 'import json, sys; print(json.load(open(sys.argv[1]))["artifacts"]["events"][1])' "$RUN/record.json")
"$COLDTRACE" dump "$RUN/$log" >"$TMP/one.jsonl" || ct_fail "dump of $log failed"
grep -q "\"file\":\"$log\"" "$TMP/one.jsonl" || ct_fail "dump of $log does not name it"
