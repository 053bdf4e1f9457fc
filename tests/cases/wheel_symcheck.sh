# wheel_symcheck -- wheel/symcheck.sh (make wheel's gate) passes an object
# whose undefined symbols are glibc 2.17's, weak, or those of a needed
# object it is given too, and refuses one with an unversioned reference to
# nothing given, one that needs glibc 2.35 (_dl_find_object), and one whose
# needed object is left out.
d=$TMP/objs
mkdir -p "$d"
printf 'int ct_sc_dep(void) { return 1; }\n' >"$d/dep.c"
printf '#include <stdlib.h>\nextern int ct_sc_weak(void) __attribute__((weak));\nint ct_sc_ok(void) { return getenv("X") != 0 && !ct_sc_weak; }\n' >"$d/ok.c"
printf 'extern int ct_sc_nowhere(void);\nint ct_sc_bad(void) { return ct_sc_nowhere(); }\n' >"$d/bad.c"
printf '#include <dlfcn.h>\nint ct_sc_new(void *a) { struct dl_find_object fo; return _dl_find_object(a, &fo); }\n' >"$d/new.c"
printf 'extern int ct_sc_dep(void);\nint ct_sc_user(void) { return ct_sc_dep(); }\n' >"$d/user.c"
for n in dep ok bad new; do
	cc -D_GNU_SOURCE -shared -fPIC -o "$d/lib$n.so" "$d/$n.c" || ct_fail "cannot build lib$n.so"
done
cc -shared -fPIC -o "$d/libuser.so" "$d/user.c" -L"$d" -ldep || ct_fail "cannot build libuser.so"
printf 'not an ELF object\n' >"$d/notes.txt"
check() { bash "$CT_ROOT/wheel/symcheck.sh" "$@" 2>"$TMP/check.err"; }

check "$d/libok.so" "$d/notes.txt" || { cat "$TMP/check.err"; ct_fail "libok.so refused"; }
check "$d/libuser.so" "$d/libdep.so" || { cat "$TMP/check.err"; ct_fail "libuser.so refused with libdep.so"; }
for bad in "libbad.so:ct_sc_nowhere" "libnew.so:_dl_find_object@GLIBC_2.35" "libuser.so:ct_sc_dep"; do
	check "$d/${bad%%:*}" "$d/libok.so" && ct_fail "${bad%%:*} passed"
	grep -q "${bad%%:*}: undefined ${bad#*:} is not" "$TMP/check.err" ||
		{ cat "$TMP/check.err"; ct_fail "${bad%%:*}: ${bad#*:} not named"; }
done
check "$d/notes.txt" && ct_fail "no ELF object at all passed"
grep -q "no ELF object" "$TMP/check.err" || ct_fail "no ELF object: not said"
