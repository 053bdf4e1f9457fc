# py_nolink -- the shim, pyhook linked in, links no libpython and imports
# no CPython symbol: every CPython function is looked up at run time, so
# one build serves every version (and any program that is not Python);
# none of pyhook's functions reaches the host's symbol scope.
so=$CT_ROOT/build/libcoldtrace.so
[ -f "$so" ] || ct_fail "$so is missing"
undef=$(nm -D --undefined-only "$so" | awk '{print $2}' | grep -E '^_?Py' || true)
[ -z "$undef" ] || ct_fail "the shim imports CPython symbols: $undef"
needed=$(readelf -d "$so" | grep NEEDED | grep -i python || true)
[ -z "$needed" ] || ct_fail "the shim links libpython: $needed"
nm -D --defined-only "$so" | awk '{print $3}' | grep -q '^stat$' ||
	ct_fail "nm does not list the shim's interposers"
exported=$(nm -D --defined-only "$so" | awk '{print $3}' | grep -E '^ct_' || true)
ct_eq "$exported" "" "the shim's exported ct_ functions"
