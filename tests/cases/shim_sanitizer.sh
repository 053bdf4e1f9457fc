# shim_sanitizer -- a program built with gcc -fsanitize=address runs traced
# as bare (ASan's runtime must stay first in the loader's list: it is put
# in front of the shim) and is traced; its children do not inherit the
# runtime (the child counts libasan in its own maps: 0 both ways).
bin=$(ct_fixture bigres asan -fsanitize=address) ||
	ct_skip "gcc cannot build with -fsanitize=address here (libasan missing?)"
ct_compare "$bin" 1
ct_eq "$(tail -n 1 "$TMP/ct.out")" 0 "libasan mappings in the child"
grep -q "does not come first" "$RUN/stderr.log" && ct_fail "ASan refused to run: $(cat "$RUN/stderr.log")"
ct_json "r['processes'][0]['exe'] == '$bin'" "r['exit']['code'] == 3" \
	"any('libasan' in l['path'] for l in r['processes'][0]['libraries'])"
