# merge_cuda -- the CUDA verdict and classes from real loads through
# ctypes: nothing; a CUDA-named Python module; the toolkit's libcudart; a
# failed libcuda.so.1; the toolkit's stub found through LD_LIBRARY_PATH
# (as a symlink, and as a copy that only its content gives away).
cuda=/usr/local/cuda/lib64
[ -f "$cuda/stubs/libcuda.so" ] || ct_skip "no CUDA toolkit stub at $cuda/stubs/libcuda.so"
rt=$(ls "$cuda"/libcudart.so.* 2>/dev/null | head -n 1)
[ -n "$rt" ] || ct_skip "no libcudart in $cuda"

ct_compare "$PY" -c 'pass'
ct_json "r['cuda']['verdict'] == 'none'" "r['cuda']['driver'] is None"

mkdir -p "$TMP/mods"
echo 'X = 1' >"$TMP/mods/mycuda_helpers.py"
PYTHONPATH=$TMP/mods ct_compare "$PY" -c 'import mycuda_helpers'
ct_json "r['cuda']['verdict'] == 'python-only'" "r['cuda']['python_modules'] == ['mycuda_helpers']"

ct_compare "$PY" -c "import ctypes; ctypes.CDLL('$rt')"
ct_json "r['cuda']['verdict'] == 'native-no-driver'" \
	"{'path': '$rt', 'class': 'runtime'} in r['cuda']['libraries']" \
	"[l['cuda'] for l in r['processes'][0]['libraries'] if l['path'] == '$rt'] == ['runtime']"

# failed requests: classed by name, never by a substring
cat >"$TMP/fail.py" <<'PYEOF'
import ctypes
for name in ("libcuda.so.1", "libcudnn_ops.so.99", "libcublasLt.so.99", "libnccl.so.99",
             "libnvidia-ml.so.99", "libcudart.so.99", "libcudartx.so.1"):
    try:
        ctypes.CDLL(name)
    except OSError:
        print("no", name)
PYEOF
ct_compare "$PY" "$TMP/fail.py"
ct_json "r['cuda']['verdict'] == 'driver-missing'" \
	"[a['requested'] for a in r['cuda']['driver_attempts']] == ['libcuda.so.1']" \
	"'libcuda.so.1' in r['cuda']['driver_attempts'][0]['error']" \
	"{f['requested']: f['cuda'] for f in r['processes'][0]['dlopen_failures']} == {'libcuda.so.1': 'driver', 'libcudnn_ops.so.99': 'dnn', 'libcublasLt.so.99': 'math', 'libnccl.so.99': 'comm', 'libnvidia-ml.so.99': 'tools', 'libcudart.so.99': 'runtime', 'libcudartx.so.1': None}"

# the stub through LD_LIBRARY_PATH: symlinked from stubs/, then copied
mkdir -p "$TMP/link" "$TMP/copy"
ln -sf "$cuda/stubs/libcuda.so" "$TMP/link/libcuda.so.1"
cp "$cuda/stubs/libcuda.so" "$TMP/copy/libcuda.so.1"
stubreal=$(realpath "$cuda/stubs/libcuda.so")
LD_LIBRARY_PATH=$TMP/link ct_compare "$PY" -c "import ctypes; ctypes.CDLL('libcuda.so.1')"
ct_json "r['cuda']['verdict'] == 'driver-stub'" \
	"r['cuda']['driver']['path'] == '$TMP/link/libcuda.so.1'" \
	"r['cuda']['driver']['realpath'] == '$stubreal'" \
	"'LD_LIBRARY_PATH' in r['cuda']['driver']['how_found']"
LD_LIBRARY_PATH=$TMP/copy ct_compare "$PY" -c "import ctypes; ctypes.CDLL('libcuda.so.1')"
ct_json "r['cuda']['verdict'] == 'driver-stub'" \
	"r['cuda']['driver']['realpath'] == '$TMP/copy/libcuda.so.1'"

# the stub through a program's RUNPATH pointing at the toolkit's stubs/
bin=$(ct_fixture dlopen_name rpath -Wl,--enable-new-dtags,-rpath,"$cuda/stubs" -ldl) ||
	ct_fail "cannot build dlopen_name.c"
ct_compare "$bin" libcuda.so
ct_json "r['cuda']['verdict'] == 'driver-stub'" \
	"r['cuda']['driver']['path'] == '$cuda/stubs/libcuda.so'" \
	"\"the caller's RUNPATH\" in r['cuda']['driver']['how_found']"
