# shim_valgrind -- under valgrind's leak checker with every leak kind an
# error, a program that frees what it allocates exits as it does without
# coldtrace: the shim's own long-lived memory is not in the host's heap.
command -v valgrind >/dev/null || ct_skip "valgrind is not installed"
bin=$(ct_fixture leakcheck) || ct_fail "cannot build leakcheck.c"
ct_compare valgrind -q --leak-check=full --errors-for-leak-kinds=all --error-exitcode=9 \
	--trace-children=yes "$bin"
ct_eq "$CT_STATUS" 0 "exit status under valgrind"
cmp "$TMP/bare.err" "$RUN/stderr.log" || ct_fail "valgrind reports differ under coldtrace"
ct_json "any(p['calls'].get('fopen', {}).get('count') == 1 and p['calls'].get('fork', {}).get('count') == 1 for p in r['processes'])"
