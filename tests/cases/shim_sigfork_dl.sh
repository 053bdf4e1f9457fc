# shim_sigfork_dl -- a SIGALRM handler forks 200 times while the main
# thread loops dlopen/dlclose (the handler may interrupt the shim's walk of
# the link map, whose lock the atfork handler takes): no hang, the program
# sees nothing, and every child's image is recorded, finished.
bin=$(ct_fixture sigfork_dl "" -ldl) || ct_fail "cannot build sigfork_dl.c"
${CC:-cc} -shared -fPIC -o "$TMP/libnestdep.so" "$CT_ROOT/tests/fixtures/nest_dep.c" ||
	ct_fail "cannot build nest_dep.c"
ct_compare timeout 20 "$bin" "$TMP/libnestdep.so" 200
ct_eq "$CT_STATUS" 0 "status (124: the traced program hung)"
cmp "$TMP/bare.err" "$RUN/stderr.log" || ct_fail "stderr differs under coldtrace"
ct_json "all(p['complete'] for p in r['processes'])" \
	"[p['exit']['how'] for p in r['processes'] if p['argv'][0] == '$bin'].count('_exit') == 200" \
	"r['events']['dropped'] == 0"
