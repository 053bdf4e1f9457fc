# json_non_utf8 -- one rule for bytes that are not UTF-8, in every JSON
# coldtrace writes: a fixture run from a directory named with byte 0xfe,
# with 0xc3 0x28 in its argv, stats and opens a file whose name has 0xff.
# record.json, report --json, diff --json, series.json, export --chrome
# and dump load with a strict UTF-8 decoder; argv_bytes, cwd_bytes and
# path_bytes give back the exact bytes (docs/record.md).
bin=$(ct_fixture stat_open) || ct_fail "cannot build the fixture"
dir=$TMP/$'d\xfe'
mkdir -p "$dir" && cd "$dir" || ct_fail "cannot make a directory with a non-UTF-8 name"
echo data >$'f\xff' && echo x >$'\xc3\x28' && echo y >'50%'
ct_compare "$bin" $'f\xff' $'\xc3\x28' '50%'
strict() {   # FILE WHAT: loads with json.load, decoding strictly as UTF-8
	"$PY" -c 'import json, sys; json.load(open(sys.argv[1], encoding="utf-8", errors="strict"))' "$1" ||
		ct_fail "$2 is not valid UTF-8 JSON"
}
strict "$RUN/record.json" record.json
ct_json "r['command']['argv'][1:] == ['f\ufffd', '\ufffd(', '50%']" \
	"r['command']['argv_bytes'][1:] == ['f%FF', '%C3(', '50%25']" \
	"r['processes'][0]['argv_bytes'] == r['command']['argv_bytes']" \
	"r['command']['cwd'].endswith('/d\ufffd')" \
	"'cwd_bytes' in r['command'] and r['command']['cwd_bytes'].endswith('/d%FE')"
# the escaped bytes decode to the very bytes of the command line and file names
"$PY" - "$RUN/record.json" "$dir" <<'PYEOF' || ct_fail "the _bytes fields do not give back the bytes"
import json, os, sys, urllib.parse
r = json.load(open(sys.argv[1], encoding="utf-8"))
raw = lambda s: urllib.parse.unquote_to_bytes(s)
assert raw(r["command"]["cwd_bytes"]) == os.fsencode(sys.argv[2]), r["command"]["cwd_bytes"]
assert [raw(a) for a in r["command"]["argv_bytes"][1:]] == [b"f\xff", b"\xc3\x28", b"50%"]
opened = {raw(o.get("path_bytes", o["path"])) for o in r["processes"][0]["paths"]["opened"]}
assert {b"f\xff", b"\xc3\x28", b"50%"} <= opened, opened
assert all("path_bytes" not in o for o in r["processes"][0]["paths"]["opened"] if o["path"] == "50%")
PYEOF
first=$RUN
ct_run "$bin" $'f\xff' $'\xc3\x28' '50%'
"$COLDTRACE" report --json "$RUN" >"$TMP/report.json" || ct_fail "report --json failed"
strict "$TMP/report.json" "report --json"
"$COLDTRACE" diff --json "$first" "$RUN" >"$TMP/diff.json"
strict "$TMP/diff.json" "diff --json"
"$COLDTRACE" export --chrome "$RUN" -o "$TMP/trace.json" --fs-events 100000 2>/dev/null ||
	ct_fail "export failed"
strict "$TMP/trace.json" "export --chrome"
grep -q 'f\\ufffd\|f�' "$TMP/trace.json" || ct_fail "the stat'ed path is not in the Chrome export"
"$COLDTRACE" dump "$RUN" >"$TMP/dump.jsonl" || ct_fail "dump failed"
"$PY" -c 'import json, sys; [json.loads(l) for l in open(sys.argv[1], encoding="utf-8", errors="strict")]' \
	"$TMP/dump.jsonl" || ct_fail "dump is not valid UTF-8 JSON lines"
source "$CT_ROOT/tests/series_lib.sh"
ct_series -n 2 --cache warm -- "$bin" $'f\xff' $'\xc3\x28' '50%'
strict "$SERIES/series.json" series.json
"$COLDTRACE" diff --json "$SERIES" "$first" >"$TMP/sdiff.json"
strict "$TMP/sdiff.json" "diff --json of a series"
