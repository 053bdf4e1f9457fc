# ready_bad_input -- a --ready spec, --at-ready word or timeout that makes
# no sense: exit 2, one line on stderr, no run directory.
for args in "--ready bogus" "--ready port:99999" "--ready port:0" "--ready port:example.com:80" \
	    "--ready line:(" "--ready https://127.0.0.1:1/" "--ready http://127.0.0.1/" \
	    "--ready notify --at-ready x" "--ready notify --ready-timeout 0" \
	    "--ready notify --stop-timeout -1" "--at-ready wait" "--ready-timeout 3"; do
	# shellcheck disable=SC2086
	"$CT" --runs-dir "$TMP/runs" $args -- true >"$TMP/out" 2>"$TMP/err"
	ct_eq "$?" 2 "status of ct-launch $args"
	ct_lines "$TMP/err" 1 "stderr of ct-launch $args"
	grep -q '^coldtrace: .*e\.g\. ' "$TMP/err" || ct_fail "no example in: $(cat "$TMP/err")"
done
[ ! -e "$TMP/runs" ] || ct_fail "a run directory was made for bad input"
