# merge_corrupt -- a file that is not an event log, and a log whose record
# framing is damaged mid-chunk: one clear line each, exit 2 for dump; merge
# keeps the sound logs and the valid records before the damage.
export COLDTRACE_PACK=0   # each image's log a file of its own: this case reads, damages or plants them by name
source "$CT_ROOT/tests/merge_lib.sh"
merge_copy_run bad

# not a log at all
head -c 100000 /dev/urandom >"$TMP/bad/999.1.ctlog"
"$COLDTRACE" dump "$TMP/bad/999.1.ctlog" >"$TMP/d1.out" 2>"$TMP/d1.err"
ct_eq "$?" 2 "exit status of dump of a non-log"
ct_lines "$TMP/d1.err" 1 "message about a non-log"
grep -q "^coldtrace: .*999.1.ctlog: not a coldtrace event log" "$TMP/d1.err" || ct_fail "unclear message: $(cat "$TMP/d1.err")"
[ -s "$TMP/d1.out" ] && ct_fail "dump printed records of a non-log"

# a record in the middle of the first thread chunk gets size 0
"$PY" - "$TMP/bad/$base.ctlog" "$(merge_chunk1 "$TMP/bad/$base.ctlog")" <<'PYEOF' || ct_fail "cannot damage the log"
import struct, sys
f = open(sys.argv[1], "r+b")
chunk = int(sys.argv[2])            # where chunk 1 begins
f.seek(chunk + 16)
off = 0
for _ in range(40):                 # walk 40 records, then break the next one
    f.seek(chunk + 16 + off)
    off += struct.unpack("<H", f.read(2))[0]
f.seek(chunk + 16 + off)
f.write(b"\x03\x00")               # size 3: not a multiple of 8
PYEOF
"$COLDTRACE" dump "$TMP/bad" >"$TMP/d2.out" 2>"$TMP/d2.err"
ct_eq "$?" 2 "exit status of dump of a run with damaged logs"
ct_lines "$TMP/d2.err" 2 "one message per damaged log"
grep -q "$base.ctlog: chunk 1: malformed record" "$TMP/d2.err" || ct_fail "unclear message: $(cat "$TMP/d2.err")"
ct_eq "$(grep -vc '"kind":"log"' "$TMP/d2.out")" 40 "records dumped before the damage"

"$COLDTRACE" merge "$TMP/bad" >"$TMP/m.out" 2>"$TMP/m.err"
ct_eq "$?" 0 "exit status of merge with damaged logs"
RUN=$TMP/bad
ct_json "len(r['processes']) == 1 and r['processes'][0]['log'] == '$base.ctlog'" \
	"r['events']['records'] == 40" \
	"any('999.1.ctlog' in w and 'not a coldtrace event log' in w for w in r['warnings'])" \
	"any('malformed record' in w for w in r['warnings'])"

# a directory without any log and without a launcher's record: nothing to
# merge, an error (a launcher's run without logs, a static binary, keeps its
# record: launch_static)
mkdir -p "$TMP/empty"
"$COLDTRACE" merge "$TMP/empty" >"$TMP/e.out" 2>"$TMP/e.err"
ct_eq "$?" 2 "exit status of merge of a directory without logs"
grep -q "^coldtrace: merge: no event logs" "$TMP/e.err" || ct_fail "unclear message: $(cat "$TMP/e.err")"
[ ! -e "$TMP/empty/record.json" ] || ct_fail "a record for a directory without logs"
"$COLDTRACE" dump "$TMP/empty" >/dev/null 2>"$TMP/de.err"
ct_eq "$?" 2 "exit status of dump of a run without logs"
grep -q "^coldtrace: no event logs" "$TMP/de.err" || ct_fail "unclear message: $(cat "$TMP/de.err")"
