# html_lib.sh -- what the HTML page tests share: Debian's chromium, run
# headless with a profile of its own in the case's directory.  Sourced by
# tests/cases/html_*.sh; skips the case (77) when chromium is missing
# (.ci/deps installs it).
CHROMIUM=$(command -v chromium || command -v chromium-browser) ||
	ct_skip "chromium is not installed (.ci/deps installs Debian's chromium)"

# ct_chrome NAME ARGS...: chromium --headless ARGS; its log (console
# messages included) in $TMP/NAME.err.  --no-sandbox: tests may run as root.
ct_chrome() {
	local name=$1
	shift
	timeout 120 "$CHROMIUM" --headless --disable-gpu --no-sandbox --no-first-run \
		--user-data-dir="$TMP/chrome-$name" --enable-logging=stderr --v=0 "$@" \
		2>"$TMP/$name.err"
}

# ct_console_clean NAME: the page of ct_chrome NAME logged nothing to its console.
ct_console_clean() {
	if grep ':CONSOLE' "$TMP/$1.err"; then
		ct_fail "the page logged to the browser console (above)"
	fi
	return 0
}

# ct_html_check ARGS...: tests/html_check.py ARGS, failing the case on a defect.
ct_html_check() {
	"$PY" "$CT_ROOT/tests/html_check.py" "$@" || ct_fail "html_check $1 found defects (above)"
}

# ct_no_scripts PAGE OUT: PAGE as a browser with scripts off shows it: the
# same file with its Content-Security-Policy allowing no script at all.
ct_no_scripts() {
	sed "s/script-src 'unsafe-inline'/script-src 'none'/" "$1" >"$2"
	grep -q "script-src 'none'" "$2" || ct_fail "no script-src in the page's policy"
}

# ct_browse PAGE CHECK ARG: PAGE references nothing outside itself, and in
# Chromium, after its script ran and with scripts blocked, its DOM passes
# `html_check.py CHECK DOM ARG [--nojs]`; nothing on the console; a
# screenshot that is not blank.
ct_browse() {
	ct_html_check offline "$1"
	ct_chrome js --dump-dom "file://$1" >"$TMP/dom.html" || ct_fail "chromium --dump-dom"
	ct_console_clean js
	ct_html_check "$2" "$TMP/dom.html" "$3"
	ct_chrome shot --hide-scrollbars --window-size=1200,900 --screenshot="$TMP/shot.png" \
		"file://$1" >/dev/null || ct_fail "chromium --screenshot"
	ct_html_check shot "$TMP/shot.png"
	ct_no_scripts "$1" "$TMP/noscript.html"
	ct_chrome nojs --dump-dom "file://$TMP/noscript.html" >"$TMP/nojs.html" ||
		ct_fail "chromium --dump-dom, scripts blocked"
	ct_html_check "$2" "$TMP/nojs.html" "$3" --nojs
}

# ct_probe PAGE JS KEY=RE...: PAGE in Chromium with the script JS run after
# its own and html_hover.js's ctHover() (a probe writing what it saw into
# <body data-probe>): nothing on the console, and what the probe saw
# matches each KEY=RE.
ct_probe() {
	local page=$1 js=$2
	shift 2
	sed 's|</body></html>||' "$page" >"$TMP/probe.html"
	{ echo "<script>"; cat "$CT_ROOT/tests/fixtures/html_hover.js" "$js"; echo "</script></body></html>"; } >>"$TMP/probe.html"
	ct_chrome probe --dump-dom "file://$TMP/probe.html" >"$TMP/probe-dom.html" ||
		ct_fail "chromium, probe"
	ct_console_clean probe
	ct_html_check probe "$TMP/probe-dom.html" "$@"
}
