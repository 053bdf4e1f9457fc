# shim_dlopen_origin -- the program itself (whose link map has no name)
# dlopens "$ORIGIN/libdep.so": under coldtrace the name is expanded from
# the program's own path, as the loader expands it bare, and the record
# has the library next to the program, loaded by that dlopen.
d=$(realpath -m "$TMP/origin")
mkdir -p "$d"
bin=$(ct_fixture dlopen_name plain -ldl) || ct_fail "cannot build dlopen_name.c"
cp "$bin" "$d/dlopen_name" &&
	${CC:-cc} -shared -fPIC -o "$d/libdep.so" "$CT_ROOT/tests/fixtures/rp_dep.c" -ldl ||
	ct_fail "cannot build the fixtures"
ct_compare "$d/dlopen_name" '$ORIGIN/libdep.so'
ct_eq "$(cat "$TMP/bare.out")" loaded "the bare run's dlopen"
ct_json "any(x['requested'] == '\$ORIGIN/libdep.so' and x['new_objects'] >= 1 for x in r['processes'][0]['dlopens'])" \
	"any(l['path'] == '$d/libdep.so' and l['how'] == 'dlopen' for l in r['processes'][0]['libraries'])"
