# wheel_unwind -- tests/unit/unwind.c built as the wheel's shim is (zig's
# clang against glibc 2.17, LLVM's libunwind, docs/wheel.md): ct_unwind
# walks exactly as that unwinder does and tells the outermost frame as
# stack.c does, and the two unwind_lib builds keep different rules.  Skips
# without the wheel's tools (build/wheel-venv), as wheel_install does.
tools=$CT_ROOT/build/wheel-venv
[ -f "$tools/.ready" ] || ct_skip "no $tools: run bash .ci/wheel-deps (PyPI) or make wheel"
export ZIG_GLOBAL_CACHE_DIR=$CT_ROOT/build/wheel/zig-cache ZIG_LOCAL_CACHE_DIR=$CT_ROOT/build/wheel/zig-cache
zig=("$tools/bin/python" -m ziglang cc -target x86_64-linux-gnu.2.17)
for frame in 4000 8000; do
	"${zig[@]}" -O2 -fPIC -shared -fomit-frame-pointer -DFRAME=$frame -o "$TMP/unwind_lib$frame.so" \
		"$CT_ROOT/tests/unit/unwind_lib.c" || ct_fail "zig cc unwind_lib.c"
done
"${zig[@]}" -std=gnu11 -D_GNU_SOURCE -I"$CT_ROOT/common" -I"$CT_ROOT/preload" -O1 -g -pthread \
	-Wno-unknown-attributes -o "$TMP/unwind" "$CT_ROOT/tests/unit/unwind.c" \
	"$CT_ROOT/preload/findobj.c" -lunwind -ldl || ct_fail "zig cc unwind.c"
"$TMP/unwind" "$TMP/unwind_lib4000.so" "$TMP/unwind_lib8000.so" ||
	ct_fail "tests/unit/unwind.c fails with LLVM's unwinder (above)"
