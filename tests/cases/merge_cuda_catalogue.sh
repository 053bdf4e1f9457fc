# merge_cuda_catalogue -- every example file of docs/cuda-catalogue.md gets
# the class its table gives (the code's table and the documented one are
# the same), and the driver's directories decide stub and compat.
${CC:-cc} -std=gnu11 -D_GNU_SOURCE -Wall -I"$CT_ROOT/common" -I"$CT_ROOT/launcher" -I"$CT_ROOT/launcher/elf" -o "$TMP/cuda_class" \
	"$CT_ROOT/tests/unit/cuda_class.c" "$CT_ROOT/launcher/elf/cuda.c" ||
	ct_fail "cannot build tests/unit/cuda_class.c"
doc=$CT_ROOT/docs/cuda-catalogue.md
# rows "| `stem` | `example` | `class` | ..." and "| `example` | none | ..."
sed -n 's/^| `lib[^`]*` | `\([^`]*\)` | `\([a-z-]*\)` |.*/\1\t\2/p' "$doc" >"$TMP/want.tsv"
sed -n 's/^| `\([^`]*\)` | none |.*/\1\tnone/p' "$doc" >>"$TMP/want.tsv"
[ "$(wc -l <"$TMP/want.tsv")" -ge 55 ] || ct_fail "docs/cuda-catalogue.md: $(wc -l <"$TMP/want.tsv") example rows read"
cat >>"$TMP/want.tsv" <<'TSV'
/usr/local/cuda/lib64/stubs/libcuda.so	driver-stub
/usr/local/cuda/compat/libcuda.so.1	driver-compat
/usr/lib/x86_64-linux-gnu/libcuda.so.1	driver
/venv/lib/python3.11/site-packages/nvidia/cusparselt/lib/libcusparseLt.so.0	math
/venv/lib/python3.11/site-packages/nvidia/cu13/lib/libnvshmem_host.so.3	comm
/venv/lib/python3.11/site-packages/cutensor/lib/libcutensor.so.2	math
/venv/lib/python3.11/site-packages/nvidia/cufile/lib/libcufile.so.0	io
TSV
cut -f1 "$TMP/want.tsv" | (cd "$CT_ROOT" && "$TMP/cuda_class") >"$TMP/got.tsv" ||
	ct_fail "cuda_class failed"
diff "$TMP/want.tsv" "$TMP/got.tsv" || ct_fail "classes differ from docs/cuda-catalogue.md (< documented, > classified)"
