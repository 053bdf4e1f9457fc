# launch_non_utf8 -- argv and cwd are bytes, JSON is UTF-8: with a byte
# that is not UTF-8 in the command's argv and cwd, record.json (launcher
# and bare), `coldtrace report --json`, the text report and the Chrome
# export are valid UTF-8, and command.argv/cwd follow the rule of
# processes[].argv (each such byte is U+FFFD); a long multi-byte argument
# cut for the text report stays whole characters.
dir=$TMP/$'cw\xfedir'
mkdir -p "$dir" && cd "$dir" || ct_fail "cannot make a directory with a non-UTF-8 name"
long=$("$PY" -c 'print("\u00e9" * 3000 + "\u20ac" * 3000)')
ct_compare /bin/echo $'\xff' $'caf\xc3\xa9' "$long"
utf8_json() {   # FILE WHAT: strict UTF-8 JSON
	"$PY" -c 'import json, sys; json.loads(open(sys.argv[1], "rb").read().decode("utf-8"))' "$1" ||
		ct_fail "$2 is not valid UTF-8 JSON"
}
utf8_json "$RUN/record.json" record.json
ct_json "r['command']['argv'][:3] == ['/bin/echo', '\ufffd', 'caf\u00e9']" \
	"r['command']['argv'][:3] == r['processes'][0]['argv'][:3]" \
	"r['command']['cwd'].endswith('/cw\ufffddir')"
"$COLDTRACE" report --json "$RUN" >"$TMP/report.json" || ct_fail "report --json failed"
utf8_json "$TMP/report.json" "report --json"
"$COLDTRACE" report "$RUN" >"$TMP/report.txt" || ct_fail "report failed"
"$PY" -c 'import sys; open(sys.argv[1], "rb").read().decode("utf-8")' "$TMP/report.txt" ||
	ct_fail "the text report is not valid UTF-8"
"$COLDTRACE" export --chrome "$RUN" -o "$TMP/trace.json" --fs-events 100000 2>/dev/null ||
	ct_fail "export failed"
utf8_json "$TMP/trace.json" "export --chrome"
# bare: the shim's own run directory, the same rule
COLDTRACE_DIR=$TMP/bare-runs LD_PRELOAD=$CT_BIN_DIR/libcoldtrace.so /bin/echo $'\xff' >/dev/null
RUN=$(ls -d "$TMP"/bare-runs/*)
utf8_json "$RUN/record.json" "bare record.json"
ct_json "r['command']['argv'] == ['/bin/echo', '\ufffd']" "r['command']['cwd'].endswith('/cw\ufffddir')"
