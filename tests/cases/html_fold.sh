# html_fold -- the shared-object table of a run with many dlopen requests
# (tests/fixtures/html_many.py: 26 extension modules, some pulling in
# system libraries) in headless Chromium: its groups shut by default, a
# click on a heading opens one, the search opens the group of a row it
# finds; long paths cut in the middle with the whole path as their title,
# found by the search by the part the cut hides; every library still a
# row, scripts on and off; the page within its size bound.
source "$CT_ROOT/tests/html_lib.sh"
ct_compare "$PY" "$CT_ROOT/tests/fixtures/html_many.py"
ct_json "sum(len(p['libraries']) for p in r['processes']) >= 40" \
	"sum(1 for p in r['processes'] for l in p['libraries'] if l['how'] == 'dlopen') >= 20"
page=$("$COLDTRACE" report --html "$RUN") || ct_fail "report --html failed"
ct_browse "$page" dom "$RUN/record.json"
groups=$(grep -c '^<tr class=grp>' "$page")
[ "$groups" -ge 20 ] || ct_fail "$groups groups in the shared-object table, expected 20 or more"
ct_probe "$page" "$CT_ROOT/tests/fixtures/html_fprobe.js" "groups=$groups" "shut=$groups" \
	"rows_shown=0" "click_opens=true" "click_shuts=true" "cut=true" "row_shut=true" \
	"search_reveals=true" "search_last=true"
# The bound: 40 KiB (the style and script take 22) and 300 bytes per
# library, import, file-system run and dlopen (the page takes about 300
# here, 250 for Debian's torch: bench/page_size.sh).
"$PY" - "$page" "$RUN/record.json" <<'PYEOF' || ct_fail "the page is over its size bound"
import json, os, sys
r = json.load(open(sys.argv[2]))
n = sum(len(p[k]) for p in r["processes"] for k in ("libraries", "imports", "fs_runs", "dlopens"))
size, bound = os.path.getsize(sys.argv[1]), 40 * 1024 + 300 * n
print("page %d bytes, bound %d (%d libraries, imports, file-system runs, dlopens)" % (size, bound, n))
sys.exit(size > bound)
PYEOF
