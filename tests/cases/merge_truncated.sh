# merge_truncated -- a log cut short (a disk that filled up, a copy that
# stopped): dump prints the valid records, then one line naming the damage,
# and exits 2; merge keeps every valid record and says what it skipped.
export COLDTRACE_PACK=0   # each image's log a file of its own: this case reads, damages or plants them by name
source "$CT_ROOT/tests/merge_lib.sh"
merge_copy_run cut
# keep the header page and the first 2 KiB of the first thread chunk
truncate -s $(($(merge_chunk1 "$TMP/cut/$base.ctlog") + 2048)) "$TMP/cut/$base.ctlog"

"$COLDTRACE" dump "$TMP/cut/$base.ctlog" >"$TMP/dump.jsonl" 2>"$TMP/dump.err"
ct_eq "$?" 2 "exit status of dump of a truncated log"
ct_lines "$TMP/dump.err" 1 "dump's message about the truncated log"
grep -q "^coldtrace: .*$base.ctlog.*truncated" "$TMP/dump.err" || ct_fail "message does not name the file and the damage: $(cat "$TMP/dump.err")"
"$PY" - "$TMP/dump.jsonl" "$total" <<'PYEOF' || ct_fail "dump of the truncated log is wrong"
import json, sys
recs = [json.loads(l) for l in open(sys.argv[1])][1:]
assert 20 < len(recs) < int(sys.argv[2]), (len(recs), sys.argv[2])
assert recs[0]["kind"] == "proc_start", recs[0]
PYEOF

"$COLDTRACE" merge "$TMP/cut" >"$TMP/merge.out" 2>"$TMP/merge.err"
ct_eq "$?" 0 "exit status of merge of a run with a truncated log"
grep -q "truncated" "$TMP/merge.err" || ct_fail "merge did not warn about the truncated log"
RUN=$TMP/cut
ct_json "len(r['processes']) == 1" \
	"20 < r['events']['records'] < $total" \
	"any('truncated' in w and '$base.ctlog' in w for w in r['warnings'])" \
	"r['processes'][0]['argv'][0].endswith('python3')" \
	"len(r['processes'][0]['libraries']) > 3" \
	"r['processes'][0]['proc'] is None"   # the exit snapshot, at the log's end, went with the cut
