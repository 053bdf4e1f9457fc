# html_loader -- the page of a --loader run (tests/loader_lib.sh's fixture
# tree: a dependency tree with a 30 ms constructor and 20,000
# relocations, a nested dlopen, a DT_INIT-only object, failing calls,
# eight threads) unfolds each dlopen bar in Chromium: a bar per phase
# with time, and a slice per object whose initialisers it ran, named,
# inside its constructors phase; with scripts blocked too.  Hovering a
# phase names it and its time; hovering a slice names the object, its
# own time and thread CPU.
source "$CT_ROOT/tests/html_lib.sh"
source "$CT_ROOT/tests/loader_lib.sh"
ct_lp_build
CT_OPTS=(--loader)
ct_compare "$LP_DIR/lp_main" "$LP_DIR"
page=$("$COLDTRACE" report --html "$RUN") || ct_fail "report --html failed"
ct_browse "$page" dom "$RUN/record.json"
ct_html_check phases "$TMP/dom.html" "$RUN/record.json"
ct_html_check phases "$TMP/nojs.html" "$RUN/record.json"
grep -q 'class="seg p-dlopen_constructors"' "$page" || ct_fail "no dlopen_constructors segment"
ct_probe "$page" "$CT_ROOT/tests/fixtures/html_lprobe.js" \
	"phase=relocation of dlopen\\(/.*duration: [0-9.]+ .s / thread CPU: " \
	"ctor=initialisers of /.*/liblp_[a-z0-9]+\\.so / own time: [0-9.]+ .s \\(thread CPU [0-9.]+ .s\\)"
