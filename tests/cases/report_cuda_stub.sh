# report_cuda_stub -- LD_LIBRARY_PATH leads the runtime to a libcuda.so.1
# that links to the toolkit's stubs/libcuda.so: verdict driver-stub and the
# path chain from the request to the stub's real file.
source "$CT_ROOT/tests/report_lib.sh"
ct_need_cuda
bin=$(ct_cuda_fixture) || ct_fail "cannot build the cuda_count fixture"
mkdir -p "$TMP/stub"
ln -sf "$CUDA_HOME/lib64/stubs/libcuda.so" "$TMP/stub/libcuda.so.1"
real=$(readlink -f "$CUDA_HOME/lib64/stubs/libcuda.so")
LD_LIBRARY_PATH=$TMP/stub ct_run "$bin"
ct_eq "$CT_STATUS" 0 "status of cuda_count"
grep -q "stub" "$RUN/stdout.log" || ct_fail "the runtime did not report a stub: $(cat "$RUN/stdout.log")"
ct_rjson "j['cuda']['verdict'] == 'driver-stub'" \
	"j['cuda']['chain'][0].startswith('dlopen(\"libcuda.so.1\") by ')" \
	"j['cuda']['chain'][1] == '$TMP/stub/libcuda.so.1'" \
	"j['cuda']['chain'][2] == '$CUDA_HOME/lib64/stubs/libcuda.so'" \
	"j['cuda']['chain'][-1] == '$real'" \
	"'LD_LIBRARY_PATH' in j['cuda']['driver']['how_found']" \
	"j['cuda']['driver_version'] is None"
ct_report
ct_width "$TMP/rep.out"
ct_has "$TMP/rep.out" "verdict: driver-stub"
ct_has "$TMP/rep.out" 'the "CUDA driver is a stub library" failure'
ct_has "$TMP/rep.out" "-> $CUDA_HOME/lib64/stubs/libcuda.so"
ct_has "$TMP/rep.out" "-> $real"
