# shim_dlopen_ctor_abort -- a dlopen'd library whose constructor calls
# abort(): the process ends inside dlopen (134, as bare), and the record
# still has that dlopen: its request, its time up to the end, "did not
# return", listed with the failures too, and the object it mapped as that
# dlopen's (not "mapped-only").
lib=$(ct_fixture dl_ctor_abort lib.so -shared -fPIC -DCT_LIB) ||
	ct_fail "cannot build dl_ctor_abort.c (library)"
bin=$(ct_fixture dl_ctor_abort) || ct_fail "cannot build dl_ctor_abort.c"
ct_compare "$bin" "$lib"
ct_eq "$CT_STATUS" 134 "killed by the constructor's abort()"
cmp "$TMP/bare.err" "$RUN/stderr.log" || ct_fail "stderr differs under coldtrace"
ct_json "len(r['processes'][0]['dlopens']) == 1" \
	"r['processes'][0]['dlopens'][0]['requested'] == '$lib'" \
	"r['processes'][0]['dlopens'][0]['returned'] is False" \
	"r['processes'][0]['dlopens'][0]['ok'] is False" \
	"r['processes'][0]['dlopens'][0]['dur_ns'] > 0" \
	"r['processes'][0]['dlopens'][0]['error'].startswith('did not return')" \
	"[f['returned'] for f in r['processes'][0]['dlopen_failures']] == [False]" \
	"r['processes'][0]['exit']['signal'] == 6" \
	"r['processes'][0]['dlopens'][0]['path'] == '$lib'" \
	"[(l['how'], l['requested_by']['request']) for l in r['processes'][0]['libraries'] if l['path'] == '$lib'] == [('dlopen', '$lib')]" \
	"[t['ns'] for t in r['processes'][0]['time']['parts'] if t['part'] == 'native_loading'][0] > 0"
"$COLDTRACE" report "$RUN" >"$TMP/report.txt" || ct_fail "report failed"
grep -q "did not return" "$TMP/report.txt" || ct_fail "the report does not say the dlopen did not return"
