# shim_ctor_threads -- a library whose initialiser starts threads during
# the first dlopen (OpenBLAS inside numpy's), so coldtrace records a thread
# start there: every object of that dlopen stays the workload's (not own), and
# the workload's objects are exactly those the loader initialised
# (LD_DEBUG=libs "calling init").
d=$(realpath -m "$TMP/ct")
mkdir -p "$d"
for x in a b c; do
	${CC:-cc} -shared -fPIC -DCT_DEP_NAME=ct_dep_$x -o "$d/libctdep$x.so" \
		"$CT_ROOT/tests/fixtures/ctor_dep.c" || ct_fail "cannot build ctor_dep.c"
done
${CC:-cc} -shared -fPIC -pthread -o "$d/libctorthreads.so" "$CT_ROOT/tests/fixtures/ctor_threads.c" \
	-L"$d" -lctdepa -lctdepb -lctdepc -Wl,-rpath,"$d" || ct_fail "cannot build ctor_threads.c"
bin=$(ct_fixture dlopen_name plain -ldl) || ct_fail "cannot build dlopen_name.c"
LD_DEBUG=libs "$bin" "$d/libctorthreads.so" 2>"$TMP/ld_debug.txt" >/dev/null
sed -n 's/.*calling init: //p' "$TMP/ld_debug.txt" | sort >"$TMP/init.txt"
grep -q "^$d/libctdepc.so\$" "$TMP/init.txt" || ct_fail "LD_DEBUG=libs shows no init of libctdepc.so"
ct_compare "$bin" "$d/libctorthreads.so"
ct_json "sorted(l['path'] for l in r['processes'][0]['libraries'] if not l['own']) == open('$TMP/init.txt').read().split()" \
	"[d['new_objects'] for d in r['processes'][0]['dlopens']] == [4]"

