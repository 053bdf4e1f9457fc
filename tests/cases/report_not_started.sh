# report_not_started -- a program whose DT_NEEDED libcuda.so.1 is missing
# exits 127 from the loader before any constructor: the launcher asks the
# loader which object was not found and who needed it; verdict
# driver-missing, one complete warning, no made-up pid.
source "$CT_ROOT/tests/report_lib.sh"
d=$(realpath -m "$TMP/fake")
mkdir -p "$d/mid"
${CC:-cc} -shared -fPIC -Wl,-soname,libcuda.so.1 -o "$d/libcuda.so.1" "$CT_ROOT/tests/fixtures/fake_cuda.c" &&
	${CC:-cc} -shared -fPIC -o "$d/mid/libmid.so" "$CT_ROOT/tests/fixtures/ctor_dep.c" -DCT_DEP_NAME=ct_dep_a -Wl,--no-as-needed \
		-L"$d" -l:libcuda.so.1 &&
	${CC:-cc} -o "$TMP/needs_cuda" "$CT_ROOT/tests/fixtures/cuda_needed.c" -L"$d" -l:libcuda.so.1 &&
	${CC:-cc} -o "$TMP/needs_mid" "$CT_ROOT/tests/fixtures/hello.c" -Wl,--no-as-needed \
		-L"$d/mid" -lmid -Wl,-rpath,"$d/mid" -Wl,-rpath-link,"$d" ||
	ct_fail "cannot build the fixtures"
LD_LIBRARY_PATH=$d "$TMP/needs_cuda" >/dev/null || ct_fail "the fixture does not run with its driver"
ct_bare "$TMP/needs_cuda"
ct_run "$TMP/needs_cuda"
ct_eq "$CT_STATUS" "$BARE_STATUS" "exit status under coldtrace vs bare"
ct_eq "$CT_STATUS" 127 "exit status of a program that cannot start"
ct_json "r['startup_failure']['missing'] == [{'name': 'libcuda.so.1', 'needed_by': '$TMP/needs_cuda', 'cuda': 'driver'}]" \
	"r['cuda']['verdict'] == 'driver-missing'" \
	"r['cuda']['driver_attempts'] == [{'requested': 'libcuda.so.1', 'how': 'DT_NEEDED', 'caller': '$TMP/needs_cuda', 'error': 'not found by the dynamic loader at start-up: the program never ran'}]" \
	"len(r['warnings']) == 1 and r['warnings'][0].endswith('nothing was traced') and 'libcuda.so.1 (needed by $TMP/needs_cuda)' in r['warnings'][0]"
ct_report
ct_width "$TMP/rep.out"
ct_has "$TMP/rep.out" "verdict: driver-missing"
ct_has "$TMP/rep.out" "libcuda.so.1, needed by $TMP/needs_cuda (DT_NEEDED)"
tr '\n' ' ' <"$TMP/rep.out" | sed 's/  */ /g' | grep -qF "before any of its code ran; nothing was traced" ||
	ct_fail "the warning is not shown whole"
! grep -q 'pid -1' "$TMP/rep.out" || ct_fail "a made-up pid in the report"

# the driver needed by a library the program needs: that library is named
ct_run "$TMP/needs_mid"
ct_eq "$CT_STATUS" 127 "exit status of a program whose library cannot load"
ct_json "r['startup_failure']['missing'] == [{'name': 'libcuda.so.1', 'needed_by': '$d/mid/libmid.so', 'cuda': 'driver'}]"

# a program that exits 127 by itself started fine: nothing to say
ct_run /bin/sh -c 'exit 127'
ct_eq "$CT_STATUS" 127 "exit status of sh -c 'exit 127'"
ct_json "r['startup_failure'] is None" "r['warnings'] == []"
