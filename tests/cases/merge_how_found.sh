# merge_how_found -- the driver (a stub, by its stubs/ directory) found
# through LD_LIBRARY_PATH (a) at start-up, as the program's DT_NEEDED, and
# (b) by a dlopen that a library's initialiser makes while its own dlopen
# is running: driver-stub, and how_found names the LD_LIBRARY_PATH entry
# and the real requester; the nested call's object is its own, the outer
# call's are the outer's.
d=$(realpath -m "$TMP/drv")
mkdir -p "$d/stubs"
${CC:-cc} -shared -fPIC -Wl,-soname,libcuda.so.1 -o "$d/stubs/libcuda.so.1" "$CT_ROOT/tests/fixtures/fake_cuda.c" &&
	${CC:-cc} -shared -fPIC -o "$d/libcudaopener.so" "$CT_ROOT/tests/fixtures/cuda_opener.c" -ldl &&
	${CC:-cc} -o "$d/needs_cuda" "$CT_ROOT/tests/fixtures/cuda_needed.c" -L"$d/stubs" -l:libcuda.so.1 ||
	ct_fail "cannot build the fixtures"
bin=$(ct_fixture dlopen_name plain -ldl) || ct_fail "cannot build dlopen_name.c"

# (a) at start-up
LD_LIBRARY_PATH=$d/stubs ct_compare "$d/needs_cuda"
ct_json "r['cuda']['verdict'] == 'driver-stub'" \
	"r['cuda']['driver']['path'] == '$d/stubs/libcuda.so.1'" \
	"r['cuda']['driver']['how_found'] == 'linked at startup: DT_NEEDED \"libcuda.so.1\" of $d/needs_cuda; found through an LD_LIBRARY_PATH entry: $d/stubs'"

# (b) by an initialiser's dlopen inside the dlopen of its library
LD_LIBRARY_PATH=$d/stubs ct_compare "$bin" "$d/libcudaopener.so"
ct_json "r['cuda']['verdict'] == 'driver-stub'" \
	"r['cuda']['driver']['how_found'] == 'dlopen(\"libcuda.so.1\") by $d/libcudaopener.so; found through an LD_LIBRARY_PATH entry: $d/stubs'" \
	"[(x['requested'], x['new_objects']) for x in r['processes'][0]['dlopens']] == [('libcuda.so.1', 1), ('$d/libcudaopener.so', 1)]" \
	"sorted((l['path'], l['how'], l['requested_by']['request'], l['requested_by']['caller']) for l in r['processes'][0]['libraries'] if l['path'].startswith('$d/')) == [('$d/libcudaopener.so', 'dlopen', '$d/libcudaopener.so', '$bin'), ('$d/stubs/libcuda.so.1', 'dlopen', 'libcuda.so.1', '$d/libcudaopener.so')]"

# with the loader's own account (--loader), how_found is its word
CT_OPTS=(--loader)
LD_LIBRARY_PATH=$d/stubs ct_compare "$bin" "$d/libcudaopener.so"
ct_json "r['cuda']['driver']['how_found'] == 'dlopen(\"libcuda.so.1\") by $d/libcudaopener.so; the loader found it through LD_LIBRARY_PATH (1 candidate tried): $d/stubs'"
LD_LIBRARY_PATH=$d/stubs ct_compare "$d/needs_cuda"
ct_json "r['cuda']['driver']['how_found'] == 'DT_NEEDED \"libcuda.so.1\" of $d/needs_cuda; the loader found it through LD_LIBRARY_PATH (1 candidate tried): $d/stubs'"
