# shim_cxx_exceptions -- C++ exceptions in 8 threads behave identically
# under coldtrace with stacks captured for every kind: the unwinder linked
# into the shim keeps its _Unwind_* out of the host's global scope.
bin=$TMP/cxx_throw
c++ -O1 -pthread -o "$bin" "$CT_ROOT/tests/fixtures/cxx_throw.cpp" || ct_fail "cannot build cxx_throw.cpp"
CT_OPTS=(--stacks all)
ct_compare "$bin"
ct_json "len([t for t in r['processes'][0]['threads'] if t['creator']]) == 8" \
	"all(t['stack'] for t in r['processes'][0]['threads'] if t['creator'])"
