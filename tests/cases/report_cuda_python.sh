# report_cuda_python -- Python loads the toolkit's libcudart through ctypes
# and never asks for the driver: verdict native-no-driver.
source "$CT_ROOT/tests/report_lib.sh"
ct_need_cuda
ct_run "$PY" -c "import ctypes; ctypes.CDLL('$CUDA_HOME/lib64/libcudart.so')"
ct_eq "$CT_STATUS" 0 "status of the ctypes load"
ct_rjson "j['cuda']['verdict'] == 'native-no-driver'" \
	"[l['class'] for l in j['cuda']['libraries']] == ['runtime']" \
	"j['cuda']['driver_attempts'] == [] and 'driver' not in j['cuda']"
ct_report
ct_width "$TMP/rep.out"
ct_has "$TMP/rep.out" "native CUDA libraries were mapped, but the driver (libcuda) was never requested"
ct_has "$TMP/rep.out" "runtime      $CUDA_HOME/lib64/libcudart.so"
