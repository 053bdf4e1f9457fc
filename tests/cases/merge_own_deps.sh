# merge_own_deps -- start-up objects that only coldtrace's own objects need
# are its own too (the wheel's shim names libdl.so.2 and libpthread.so.0).
# A shim built here names libowna (which names libownb), libownc (libownc
# and libownd name each other) and libownw, which the program names too;
# a workload dlopen of libownx, which names libownb, gives libownb back.
d=$(realpath -m "$TMP/libs")
b=$TMP/bin
mkdir -p "$d" "$b"
ct_own_lib() {   # NAME [-lLIB...]: libownNAME.so, soname the same, naming the LIBs
	local n=$1
	shift
	${CC:-cc} -shared -fPIC -DCT_DEP_NAME=ct_own_$n -Wl,-soname,libown$n.so \
		-o "$d/libown$n.so" "$CT_ROOT/tests/fixtures/ctor_dep.c" -Wl,--no-as-needed \
		-L"$d" -Wl,-rpath,"$d" "$@" || ct_fail "cannot build libown$n.so"
}
ct_own_lib b
ct_own_lib a -lownb
ct_own_lib d
ct_own_lib c -lownd
ct_own_lib d -lownc   # again, now naming libownc: a cycle
ct_own_lib w
ct_own_lib x -lownb
CFLAGS=-O0 make -C "$CT_ROOT" --no-print-directory B="$b" "$b/libcoldtrace.so" \
	UNWIND_LIBS="-Wl,--exclude-libs,libgcc_eh.a -lgcc_eh -Wl,--no-as-needed -L$d -lowna -lownc -lownw -Wl,-rpath,$d" \
	>"$TMP/make.log" 2>&1 || { cat "$TMP/make.log"; ct_fail "cannot build the shim"; }
cp "$CT_BIN_DIR/coldtrace" "$CT_BIN_DIR/libcoldtrace-audit.so" "$b/"
ln -s coldtrace "$b/ct-launch"
CT=$b/ct-launch
${CC:-cc} -o "$TMP/prog" "$CT_ROOT/tests/fixtures/dlopen_name.c" -ldl -Wl,--no-as-needed \
	-L"$d" -lownw -Wl,-rpath,"$d" || ct_fail "cannot build dlopen_name.c"

libs="{l['path'].rsplit('/', 1)[1]: l for l in r['processes'][0]['libraries']}"
ct_compare "$TMP/prog" "$d/libownw.so"
ct_json "$libs['libcoldtrace.so']['path'] == '$b/libcoldtrace.so'" \
	"[($libs[n]['how'], $libs[n]['own']) for n in ('libowna.so', 'libownb.so', 'libownc.so', 'libownd.so')] == [('own', True)] * 4" \
	"'only its own objects need it (DT_NEEDED of $b/libcoldtrace.so)' in $libs['libowna.so'].get('note', '')" \
	"$libs['libownb.so'].get('note', '').endswith('(DT_NEEDED of $d/libowna.so)')" \
	"($libs['libownw.so']['how'], $libs['libownw.so']['own']) == ('startup', False)" \
	"($libs['libc.so.6']['how'], $libs['libc.so.6']['own']) == ('startup', False)"
ct_compare "$TMP/prog" "$d/libownx.so"
ct_json "($libs['libownb.so']['how'], $libs['libownb.so']['own']) == ('startup', False)" \
	"($libs['libowna.so']['how'], $libs['libowna.so']['own']) == ('own', True)" \
	"$libs['libownx.so']['how'] == 'dlopen'"
