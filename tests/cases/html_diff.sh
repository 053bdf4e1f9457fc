# html_diff -- `coldtrace diff A B --html` of `import json, decimal` vs
# `import json, sqlite3`, and of a run vs a series, in headless Chromium:
# after its script ran, a timeline block per side with a bar per import,
# dlopen and file-system run of that side's record (a series': its median
# run's), both on one time scale; a row per added and removed library and
# import and per headline number; the data block is what --json prints;
# nothing on the console; a screenshot that is not blank.  With scripts
# blocked the tables are all there.  --html keeps the diff's exit status
# (gates), and a bad -o or a corrupted record is one line, exit 2, no page.
source "$CT_ROOT/tests/diff_lib.sh"
source "$CT_ROOT/tests/html_lib.sh"
ct_py_diff runs 'import json, decimal' 'import json, sqlite3'
ct_djson runs "len(d['libraries']['added']) >= 2 and len(d['libraries']['removed']) >= 1" \
	"len(d['imports']['added']) >= 2 and len(d['imports']['removed']) >= 1" \
	"d['a']['median_record'] == '$A/record.json' and d['b']['median_record'] == '$B/record.json'"
page=$("$COLDTRACE" diff --html "$A" "$B") || ct_fail "diff --html failed"
ct_eq "$page" "$B/diff.html" "the page diff --html names"
ct_browse "$page" diffdom "$TMP/runs.json"
# Hover counts each side's times from its own start; zoom.
ct_probe "$page" "$CT_ROOT/tests/fixtures/html_dprobe.js" "start_a=true" "start_b=true" \
	"zoom=200%"

# Gates: the status and the gates' lines are the text diff's; the page
# is written all the same, and shows them.
ct_diff gate --fail-if 'libraries.added>0' --fail-if 'imports.removed>5' "$A" "$B"
ct_eq "$DIFF_STATUS" 1 "status of the text diff with a failing gate"
"$COLDTRACE" diff --html -o "$TMP/gate.html" --fail-if 'libraries.added>0' \
	--fail-if 'imports.removed>5' "$A" "$B" >"$TMP/gate.out"
ct_eq "$?" 1 "status of diff --html with a failing gate"
ct_eq "$(head -n 1 "$TMP/gate.out")" "$TMP/gate.html" "the first line of diff --html"
ct_has "$TMP/gate.out" "FAILED libraries.added>0"
ct_has "$TMP/gate.out" "passed imports.removed>5"
sed -n '/^Gates/,$p' "$TMP/gate.txt" >"$TMP/gate-text.txt"
sed -n '/^Gates/,$p' "$TMP/gate.out" | cmp - "$TMP/gate-text.txt" ||
	ct_fail "diff --html printed other gate lines than the text diff"
ct_chrome gate --dump-dom "file://$TMP/gate.html" >"$TMP/gate-dom.html" || ct_fail "chromium, gates"
ct_html_check diffdom "$TMP/gate-dom.html" "$TMP/gate.json"

# A series (three runs, 001/ to 003/): its timeline is its median run's.
mkdir -p "$TMP/S"
for i in 1 2 3; do
	ct_run "$PY" -c 'import json, sqlite3'
	mv "$RUN" "$TMP/S/00$i"
done
ct_diff series "$A" "$TMP/S"
want=$("$PY" -c 'import json, sys
print(sorted((json.load(open(p))["timing"]["wall_ms"], p) for p in sys.argv[1:])[1][1])' \
	"$TMP"/S/00[123]/record.json)
ct_djson series "d['b']['series'] and d['b']['runs'] == 3" "d['b']['median_record'] == '$want'"
"$COLDTRACE" diff --html "$A" "$TMP/S" >/dev/null || ct_fail "diff --html of a series"
ct_has "$TMP/S/diff.html" "(the series' run with the median wall time)"
ct_chrome series --dump-dom "file://$TMP/S/diff.html" >"$TMP/series-dom.html" ||
	ct_fail "chromium, series"
ct_console_clean series
ct_html_check diffdom "$TMP/series-dom.html" "$TMP/series.json"

# Bad choices: one line, exit 2, no page, nothing on stdout.
"$COLDTRACE" diff --html -o "$TMP/no/such/dir/x.html" "$A" "$B" >"$TMP/bad.out" 2>"$TMP/bad.err"
ct_eq "$?" 2 "diff --html into a missing directory"
ct_lines "$TMP/bad.err" 1 "the error for a missing directory"
ct_lines "$TMP/bad.out" 0 "stdout of a failed diff --html"
cp -r "$B" "$TMP/broken"
head -c 300 "$B/record.json" >"$TMP/broken/record.json"
rm -f "$TMP/broken/diff.html"
"$COLDTRACE" diff --html "$A" "$TMP/broken" >"$TMP/bad.out" 2>"$TMP/bad.err"
ct_eq "$?" 2 "diff --html of a corrupted record"
ct_lines "$TMP/bad.err" 1 "the error for a corrupted record"
ct_lines "$TMP/bad.out" 0 "stdout of a failed diff --html"
[ ! -e "$TMP/broken/diff.html" ] || ct_fail "a page was written for a corrupted record"
"$COLDTRACE" diff -o "$TMP/x.html" "$A" "$B" 2>"$TMP/bad.err"
ct_eq "$?" 2 "-o without --html"
"$COLDTRACE" diff --html --json "$A" "$B" 2>"$TMP/bad.err"
ct_eq "$?" 2 "--html with --json"
ct_has "$TMP/bad.err" "one output at a time"
