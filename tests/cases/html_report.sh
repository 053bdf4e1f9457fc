# html_report -- `coldtrace report --html` of a small Python run (imports on
# two threads, an extension, a failed import, a child) in headless Chromium:
# after its script ran, one bar per import and per dlopen, a lane per thread
# and child, a block per process image, a row per library; nothing on the
# console; a screenshot that is not blank.  With scripts blocked the
# tables are all there.  Hover, zoom, search and sort work (a probe script).
# The file references nothing outside itself.
source "$CT_ROOT/tests/html_lib.sh"
ct_compare "$PY" "$CT_ROOT/tests/fixtures/html_run.py"
ct_json "sum(len(p['imports']) for p in r['processes']) > 20" \
	"any(len(p['threads']) == 2 and p['children'] for p in r['processes'])"
page=$("$COLDTRACE" report --html "$RUN") || ct_fail "report --html failed"
ct_eq "$page" "$RUN/report.html" "the page report --html names"
ct_browse "$page" dom "$RUN/record.json"

# What a person does: hover, zoom, search, sort (a probe script after the page's).
ct_probe "$page" "$CT_ROOT/tests/fixtures/html_probe.js" "import=import " "dlopen=dlopen\\(" \
	"zoom=200%" "found=[1-9][0-9]* bars match" "dimmed=true" "sorted=true" "life_swatch=visible"

# -o writes the same page elsewhere; a run that cannot be read is exit 2, a
# page that cannot be made 2 as well (as diff --html: issue 25).
"$COLDTRACE" report --html -o "$TMP/again.html" "$RUN" >/dev/null || ct_fail "report --html -o"
cmp "$TMP/again.html" "$page" || ct_fail "the same record made two different pages"
"$COLDTRACE" report --html "$TMP/nothing" 2>"$TMP/bad.err"
ct_eq "$?" 2 "report --html of a missing run"
ct_lines "$TMP/bad.err" 1 "the error for a missing run"
"$COLDTRACE" report --html -o "$TMP/no/such/dir/x.html" "$RUN" 2>"$TMP/bad.err"
ct_eq "$?" 2 "report --html into a missing directory"
ct_lines "$TMP/bad.err" 1 "the error for an unwritable page"
