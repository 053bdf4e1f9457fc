# shim_dl_cycles -- 10,000 dlopen/dlclose cycles of one library, then 1,500
# distinct libraries loaded at once: every load and every unload is
# recorded (the shim's object table recycles what left the link map and
# grows past its first 1,024 slots), nothing is dropped, and the program
# sees nothing.
bin=$(ct_fixture dl_cycles "" -ldl) || ct_fail "cannot build dl_cycles.c"
${CC:-cc} -shared -fPIC -o "$TMP/libnestdep.so" "$CT_ROOT/tests/fixtures/nest_dep.c" ||
	ct_fail "cannot build nest_dep.c"
ct_compare "$bin" 10000 "$TMP/libnestdep.so"
ct_json "r['events']['dropped'] == 0" \
	"len([l for l in r['processes'][0]['libraries'] if l['path'].endswith('/libnestdep.so')]) == 10000" \
	"all(l['unloaded_ns'] for l in r['processes'][0]['libraries'] if l['path'].endswith('/libnestdep.so'))" \
	"len(r['processes'][0]['dlopens']) == 10000"

mkdir -p "$TMP/many"
for i in $(seq 1500); do cp "$TMP/libnestdep.so" "$TMP/many/libn$i.so"; done
ct_compare "$bin" 1 "$TMP"/many/libn*.so
ct_json "r['events']['dropped'] == 0" \
	"len(set(l['path'] for l in r['processes'][0]['libraries'] if '/many/libn' in l['path'])) == 1500" \
	"all(l['unloaded_ns'] for l in r['processes'][0]['libraries'] if '/many/libn' in l['path'])"
