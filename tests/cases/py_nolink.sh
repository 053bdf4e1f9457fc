# py_nolink -- pyhook links no libpython and imports no CPython symbol:
# every CPython function is looked up at run time, so one build serves
# every version; its only export is ct_pyhook_init.
so=$CT_ROOT/build/libcoldtrace-pyhook.so
[ -f "$so" ] || ct_fail "$so is missing"
undef=$(nm -D --undefined-only "$so" | awk '{print $2}' | grep -E '^_?Py' || true)
[ -z "$undef" ] || ct_fail "pyhook imports CPython symbols: $undef"
needed=$(readelf -d "$so" | grep NEEDED | grep -i python || true)
[ -z "$needed" ] || ct_fail "pyhook links libpython: $needed"
exports=$(nm -D --defined-only "$so" | awk '$2 == "T" {print $3}')
ct_eq "$exports" ct_pyhook_init "exported functions of pyhook"
