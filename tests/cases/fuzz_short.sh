# fuzz_short -- every libFuzzer harness of tests/fuzz/ built and run for
# 3 s over its seed corpus without a finding (`make fuzz FUZZ_TIME=3`), so
# that `make test` and CI run them; `make check` fuzzes longer.
command -v clang >/dev/null || ct_skip "no clang (bash .ci/deps installs it)"
env -u MAKEFLAGS -u MAKELEVEL make -s -j2 -C "$CT_ROOT" fuzz FUZZ_TIME=3 >"$TMP/fuzz.out" 2>&1
st=$?
cat "$TMP/fuzz.out"
ct_eq "$st" 0 "status of make fuzz"
n=$(ls "$CT_ROOT"/tests/fuzz/fuzz_*.c | grep -vc '/fuzz_input\.c$')
tail -n 1 "$TMP/fuzz.out" | grep -qx "$n passed, 0 failed" || ct_fail "not all $n harnesses ran clean"
