# series_bad_input -- -n 0, -n x, --cache bogus, --warmup -1: status 2, a
# message naming the option and a correct example, and no directory made.
source "$CT_ROOT/tests/series_lib.sh"
for args in "-n 0" "-n x" "--cache bogus" "--warmup -1" "-n"; do
	# shellcheck disable=SC2086
	"$CT" --runs-dir "$TMP/runs" $args -- /bin/true >"$TMP/out" 2>"$TMP/err"
	ct_eq "$?" 2 "status of ct-launch $args"
	head -n 1 "$TMP/err" | grep -q "^coldtrace: .*${args%% *}" || { cat "$TMP/err"; ct_fail "$args: first line does not name the option"; }
	grep -q "e\.g\." "$TMP/err" || ct_fail "$args: no example"
	[ ! -s "$TMP/out" ] || ct_fail "$args: output on stdout"
done
[ ! -e "$TMP/runs" ] || ct_fail "a bad option still made a runs directory"
# -n 1 without other series options: today's single run directory.
ct_run /bin/true
[ -f "$RUN/record.json" ] && [ ! -e "$RUN/series.json" ] && [ ! -e "$RUN/001" ] ||
	ct_fail "a single run does not keep its layout"
