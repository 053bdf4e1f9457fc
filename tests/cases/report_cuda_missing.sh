# report_cuda_missing -- a program linked against libcudart asks for the
# device count on a machine without a driver: verdict driver-missing, the
# failed libcuda.so.1 request listed with its caller and error.
source "$CT_ROOT/tests/report_lib.sh"
ct_need_cuda
bin=$(ct_cuda_fixture) || ct_fail "cannot build the cuda_count fixture"
[ -e /usr/lib/x86_64-linux-gnu/libcuda.so.1 ] && ct_skip "a CUDA driver is installed here"
ct_run "$bin"
ct_eq "$CT_STATUS" 0 "status of cuda_count"
ct_rjson "j['cuda']['verdict'] == 'driver-missing'" \
	"j['cuda']['driver_attempts'][0]['requested'] == 'libcuda.so.1'" \
	"'libcudart' in j['cuda']['driver_attempts'][0]['caller']" \
	"any(l['class'] == 'runtime' for l in j['cuda']['libraries'])"
ct_report
ct_width "$TMP/rep.out"
ct_has "$TMP/rep.out" "verdict: driver-missing"
ct_has "$TMP/rep.out" "the CUDA driver (libcuda) was requested and NOT FOUND"
ct_has "$TMP/rep.out" 'dlopen("libcuda.so.1") by '
ct_has "$TMP/rep.out" "cannot open shared object file"
