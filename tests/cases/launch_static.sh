# launch_static -- a statically linked program still runs and is recorded,
# with a warning that LD_PRELOAD cannot reach it.
bin=$(ct_fixture hello static -static) || ct_skip "gcc -static failed (no static glibc: apt-get install libc6-dev)"
ct_compare "$bin" 5
ct_eq "$CT_STATUS" 5 "exit status of the static fixture"
grep -q '^coldtrace: warning: LD_PRELOAD cannot apply to a statically linked program' "$TMP/ct.err" \
	|| ct_fail "no warning on stderr: $(cat "$TMP/ct.err")"
ct_json "any('LD_PRELOAD cannot apply to a statically linked program' in w for w in r['warnings'])" \
	"r['exit']['code'] == 5"

dyn=$(ct_fixture hello) || ct_fail "cannot build the hello fixture"
ct_run "$dyn"
ct_json "r['warnings'] == []" "r['exit']['code'] == 3"
! grep -q 'warning' "$TMP/ct.err" || ct_fail "warning for a dynamic program: $(cat "$TMP/ct.err")"
