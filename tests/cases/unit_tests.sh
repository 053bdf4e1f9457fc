# unit_tests -- every unit test of tests/unit/ (the preload core's log
# against the merger's reader, the symbol table, the host-memory probe,
# the JSON printer, the unwinder) built under ASan+UBSan and passing:
# `make unit`, so that `make test` and CI run them too.
env -u MAKEFLAGS -u MAKELEVEL make -s -C "$CT_ROOT" unit >"$TMP/unit.out" 2>&1
st=$?
cat "$TMP/unit.out"
ct_eq "$st" 0 "status of make unit"
n=$(ls "$CT_ROOT"/tests/unit/*.sh | grep -vc '/run\.sh$')
tail -n 1 "$TMP/unit.out" | grep -qx "$n passed, 0 failed" || ct_fail "not all $n unit tests passed"
