# shim_no_find_object -- the shim on a glibc without _dl_find_object (before
# 2.35, which the wheel's shim may meet): built here with its one reference
# to it renamed to a name no object defines, so that every lock-free lookup
# finds nothing.  The host notices nothing; the record keeps the libraries
# (a bare-name dlopen found by its caller's RUNPATH, the caller named), the
# dlopens, the Python imports and thread names, has no call stacks, and
# says why (processes[].find_object false, one warning; docs/shim.md,
# "glibc before 2.35").
v=$TMP/nofind
CFLAGS="-O2 -g -D_dl_find_object=ct_absent_dl_find_object" \
	make -s --no-print-directory -C "$CT_ROOT" B="$v" WERROR=1 "$v/libcoldtrace.so" \
	>"$TMP/make.out" 2>&1 || ct_fail "cannot build the shim without _dl_find_object (make.out)"
nm -D "$v/libcoldtrace.so" | grep -q ' w ct_absent_dl_find_object$' ||
	ct_fail "the variant shim does not refer to ct_absent_dl_find_object weakly"
export COLDTRACE_LIB=$v/libcoldtrace.so

d=$(realpath -m "$TMP/rp")
ct_rp_compare "$d"
ct_json "any(l['realpath'] == '$v/libcoldtrace.so' and l['own'] for l in r['processes'][0]['libraries'])" \
	"r['processes'][0]['find_object'] is False" \
	"[w for w in r['warnings'] if '_dl_find_object' in w] == ['1 image (the first %s) ran on a glibc before 2.35, without _dl_find_object: no call stacks, thread start routines \"?\" (docs/shim.md)' % r['processes'][0]['log']]" \
	"any(l['realpath'] == '$d/deps/libdep.so' and l['how'] == 'dlopen' and l['requested_by']['caller'] == '$d/libcaller.so' for l in r['processes'][0]['libraries'])" \
	"[(dl['requested'], dl['stack']) for dl in r['processes'][0]['dlopens'] if dl['caller'] == '$d/libcaller.so'] == [('libdep.so', None), ('libct-no-such-lib.so', None)]"

ct_compare "$PY" -c 'import json, decimal, threading
t = threading.Thread(target=print, args=("in a thread",), name="w1"); t.start(); t.join()'
ct_json "{'json', 'decimal', '_decimal', 'threading'} <= {i['module'] for i in r['processes'][0]['imports']}" \
	"'_decimal' in [dl['import'] for dl in r['processes'][0]['dlopens']]" \
	"all(dl['stack'] is None for dl in r['processes'][0]['dlopens'])" \
	"[(t['start_routine'], t['stack'], t['py_name']) for t in r['processes'][0]['threads'][1:]] == [('?', None, 'w1')]"
