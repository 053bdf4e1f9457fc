# html_series -- `coldtrace report --html` of a series (-n 3 --cache both
# of `import json`: 3 cold and 3 warm runs) in headless Chromium: after
# its script ran, each metric's strip plot has one dot per run (in its
# group's colour), the metrics table a row per metric, the runs table a
# row per run, each group's median run is linked to its run page (written
# by the run page's writer); nothing on the console; a screenshot that is
# not blank; hovering a dot marks its run everywhere.  With scripts
# blocked the tables and dots are all there.  The file references nothing
# outside itself.  Bad input: a corrupted series.json and a directory
# that is neither a run nor a series give one line and status 2; a
# crafted one writes no page outside the series.  Of two runs, the
# faster is the median one.
source "$CT_ROOT/tests/html_lib.sh"
source "$CT_ROOT/tests/series_lib.sh"
ct_series -n 3 --cache both -- "$PY" -c 'import json'
ct_eq "$CT_STATUS" 0 "status of the series"
ct_sjson "[r['group'] for r in runs] == ['cold', 'warm'] * 3" "s['cold_penalty']"
page=$("$COLDTRACE" report --html "$SERIES") || ct_fail "report --html of the series failed"
ct_eq "$page" "$SERIES/report.html" "the page report --html names"
ct_browse "$page" series "$SERIES/series.json"
ct_probe "$page" "$CT_ROOT/tests/fixtures/html_series_probe.js" 'dots=([1-9][0-9]*)/\1$' "row=1" \
	"note=run 006 \\(warm\\)"

# The same page again (the median runs' pages kept, not rewritten), from
# series.json's path, elsewhere (links relative to where it is), and as
# the newest entry of the runs directory.
"$COLDTRACE" report --html -o "$SERIES/again.html" "$SERIES/series.json" >/dev/null ||
	ct_fail "report --html SERIES/series.json"
cmp "$SERIES/again.html" "$page" || ct_fail "the same series made two different pages"
mkdir -p "$TMP/else"
"$COLDTRACE" report --html -o "$TMP/else/s.html" "$SERIES" >/dev/null || ct_fail "report --html -o"
ct_html_check series "$TMP/else/s.html" "$SERIES/series.json" --nojs --page "$TMP/else/s.html"
newest=$(COLDTRACE_DIR=$TMP/runs "$COLDTRACE" report --html) || ct_fail "report --html, newest"
ct_eq "$newest" "$SERIES/report.html" "the page of the newest entry"

# Bad input: one line, status 2, no page.
mkdir -p "$TMP/broken" "$TMP/neither"
head -c 300 "$SERIES/series.json" >"$TMP/broken/series.json"
for bad in "$TMP/broken" "$TMP/broken/series.json" "$TMP/neither"; do
	"$COLDTRACE" report --html "$bad" >"$TMP/bad.out" 2>"$TMP/bad.err"
	ct_eq "$?" 2 "report --html $bad"
	ct_lines "$TMP/bad.err" 1 "the error for $bad"
	[ ! -s "$TMP/bad.out" ] || ct_fail "$bad: output on stdout"
done
[ ! -e "$TMP/broken/report.html" ] || ct_fail "a page was written for a corrupted series"
# A series.json of the right schema but odd shapes, whose median run's
# directory points outside: a page, and nothing written there.
mkdir -p "$TMP/crafted" "$TMP/evil"
cp "$SERIES/002/record.json" "$TMP/evil/"
cat >"$TMP/crafted/series.json" <<'JSON'
{"schema": "coldtrace.series.v1", "command": 7, "runs": [{"index": 1, "dir": "../evil",
 "group": "warm", "wall_ms": 5, "interrupted": false}, {"index": "x", "group": ["warm"]}],
 "metrics": {"wall_ms": {"warm": {"median": 5, "n": 1, "median_ci": {"low": 9, "high": 1}}},
 "sys_ms": [1], "user_ms": {"warm": {"median": 1e300}}}, "definitions": [1], "warnings": "w"}
JSON
"$COLDTRACE" report --html "$TMP/crafted" >/dev/null || ct_fail "report --html of a crafted series"
[ ! -e "$TMP/evil/report.html" ] || ct_fail "a page was written outside the series"
grep -q 'data-run=1 ' "$TMP/crafted/report.html" || ct_fail "the crafted series' run has no dot"
# Of two runs the median one is the faster (the lower middle, as diff's
# median_record): only its page is made and linked.
mkdir -p "$TMP/even/001" "$TMP/even/002"
cp "$SERIES/002/record.json" "$TMP/even/001/"
cp "$SERIES/002/record.json" "$TMP/even/002/"
cat >"$TMP/even/series.json" <<'JSON'
{"schema": "coldtrace.series.v1", "runs": [
 {"index": 1, "dir": "001", "group": "warm", "wall_ms": 7, "interrupted": false},
 {"index": 2, "dir": "002", "group": "warm", "wall_ms": 5, "interrupted": false}],
 "metrics": {"wall_ms": {"warm": {"median": 6, "n": 2}}}}
JSON
"$COLDTRACE" report --html "$TMP/even" >/dev/null || ct_fail "report --html of a two-run series"
[ -f "$TMP/even/002/report.html" ] && [ ! -e "$TMP/even/001/report.html" ] ||
	ct_fail "the page of the median run (002) was not the one made"
grep -q 'href="002/report.html"' "$TMP/even/report.html" || ct_fail "no link to the median run 002"
