# shim_dl_cycles -- 10,000 dlopen/dlclose cycles of one library: every load
# and every unload is recorded (the shim's object table recycles what left
# the link map), nothing is dropped, and the program sees nothing.
bin=$(ct_fixture dl_cycles "" -ldl) || ct_fail "cannot build dl_cycles.c"
${CC:-cc} -shared -fPIC -o "$TMP/libnestdep.so" "$CT_ROOT/tests/fixtures/nest_dep.c" ||
	ct_fail "cannot build nest_dep.c"
ct_compare "$bin" "$TMP/libnestdep.so" 10000
ct_json "r['events']['dropped'] == 0" \
	"len([l for l in r['processes'][0]['libraries'] if l['path'].endswith('/libnestdep.so')]) == 10000" \
	"all(l['unloaded_ns'] for l in r['processes'][0]['libraries'] if l['path'].endswith('/libnestdep.so'))" \
	"len(r['processes'][0]['dlopens']) == 10000"
