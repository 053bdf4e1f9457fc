# shim_runpath -- a library whose RUNPATH alone finds libdep.so opens it by
# bare name: it loads under coldtrace exactly as without; a failing dlopen
# gives the host the same error text and is recorded with it.
d=$(realpath -m "$TMP/rp")
ct_rp_compare "$d"
ct_json "r['processes'][0]['find_object'] is True" \
	"any(l['realpath'] == '$d/deps/libdep.so' and l['how'] == 'dlopen' and l['requested_by']['request'] == 'libdep.so' and l['requested_by']['caller'] == '$d/libcaller.so' for l in r['processes'][0]['libraries'])" \
	"any(f['requested'] == 'libct-no-such-lib.so' and 'cannot open shared object file' in f['error'] for f in r['processes'][0]['dlopen_failures'])" \
	"any(dl['requested'] == 'libdep.so' and any('rp_load' in f for f in dl['stack']) for dl in r['processes'][0]['dlopens'])"
