# unwind.sh -- builds tests/unit/unwind.c (which includes preload/unwind.c,
# and links preload/findobj.c, its object lookup) with libgcc's unwinder,
# as the shim links it, under the sanitizers of tests/unit/run.sh, and two
# builds of tests/unit/unwind_lib.c that differ only in their frame size;
# runs it.
set -eu
out=$CT_ROOT/tests/out/check
mkdir -p "$out"
for frame in 4000 8000; do
	${CC:-cc} -O2 -fPIC -shared -fomit-frame-pointer -DFRAME=$frame \
		-o "$out/unwind_lib$frame.so" tests/unit/unwind_lib.c
done
# shellcheck disable=SC2086
${CC:-cc} $CT_UNIT_FLAGS $CT_SAN_FLAGS -pthread -o "$out/unwind" tests/unit/unwind.c preload/findobj.c \
	-Wl,--exclude-libs,libgcc_eh.a -lgcc_eh -ldl
"$out/unwind" "$out/unwind_lib4000.so" "$out/unwind_lib8000.so"
