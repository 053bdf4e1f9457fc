# html_escape -- record strings with quotes, '<', '&', a newline,
# "</script>" and invalid UTF-8 (a library path, a failed lookup's
# directory, a module name) reach the page as text: Chromium shows them
# in the tables, the data block still parses, no script comes from them,
# and the file is valid UTF-8 with nothing outside it referenced.
source "$CT_ROOT/tests/html_lib.sh"
so=$(ct_fixture html_nasty so -shared -fPIC) || ct_fail "cannot build the html_nasty object"
mkdir -p "$TMP/d"
ct_compare "$PY" "$CT_ROOT/tests/fixtures/html_nasty.py" "$so" "$TMP/d"
ct_json "any('</script>' in l['path'] and '\ufffd' in l['path'] for p in r['processes'] for l in p['libraries'])" \
	"any(i['module'].startswith('m</script>') for p in r['processes'] for i in p['imports'])"
page=$("$COLDTRACE" report --html "$RUN") || ct_fail "report --html failed"
ct_html_check offline "$page"
ct_chrome js --dump-dom "file://$page" >"$TMP/dom.html" || ct_fail "chromium --dump-dom"
ct_console_clean js
dir="$TMP/d/q\"'<&amp;"$'\n'"</script><script>document.body.dataset.pwned=1</script>"$'\xef\xbf\xbd'
ct_html_check nasty "$TMP/dom.html" "$page" \
	"m</script><script>document.body.dataset.pwned=1</script>&<b>" "$dir/libnasty.so" "$dir"
