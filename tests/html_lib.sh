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

# ct_probe PAGE JS OUT: OUT is PAGE with the script JS run after the page's
# own (a probe that writes what it saw into <body data-probe>).
ct_probe() {
	sed 's|</body></html>||' "$1" >"$3"
	{ echo "<script>"; cat "$2"; echo "</script></body></html>"; } >>"$3"
}
