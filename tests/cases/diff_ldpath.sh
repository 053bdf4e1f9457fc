# diff_ldpath -- one library (soname libctdiff.so.1) resolved from two
# directories through LD_LIBRARY_PATH: the diff shows "same soname,
# different path" and, in the context, the LD_LIBRARY_PATH difference
# (the record's env{}).  A run that differs only by LD_PRELOAD of
# libcoldtrace itself shows no env difference.
source "$CT_ROOT/tests/diff_lib.sh"
fix=$(ct_fixture diff_fix) || ct_fail "cannot build diff_fix"
d=$(realpath -m "$TMP")
ct_difflib "$d/one" 1
ct_difflib "$d/two" 2
export LD_LIBRARY_PATH=$d/one
ct_compare "$fix" libctdiff.so.1 0 0
A=$RUN
ct_json "r['env']['LD_LIBRARY_PATH'] == '$d/one'" "r['env']['LD_PRELOAD'] is None" \
	"sorted(r['env']) == sorted(['LD_LIBRARY_PATH', 'LD_PRELOAD', 'PYTHONPATH', 'PYTHONHOME', 'VIRTUAL_ENV', 'CONDA_PREFIX', 'PATH', 'CUDA_VISIBLE_DEVICES', 'OMP_NUM_THREADS', 'MKL_NUM_THREADS', 'OPENBLAS_NUM_THREADS'])"
export LD_LIBRARY_PATH=$d/two
ct_compare "$fix" libctdiff.so.1 0 0
B=$RUN
ct_diff ld "$A" "$B"
ct_eq "$DIFF_STATUS" 0 "status"
ct_djson ld "d['libraries']['added'] == [] and d['libraries']['removed'] == []" \
	"[(m['key'], m['what'], m['a']['realpath'], m['b']['realpath']) for m in d['libraries']['moved']] == [('libctdiff.so.1', 'path', '$d/one/libctdiff.so.1', '$d/two/libctdiff.so.1')]" \
	"[(c['a'], c['b']) for c in d['context'] if c['what'] == 'env LD_LIBRARY_PATH'] == [('$d/one', '$d/two')]"
ct_has "$TMP/ld.txt" "libctdiff.so.1  same soname, different path:"
# long paths wrap onto lines of their own: read the text as one line
tr -s ' \n' '  ' < "$TMP/ld.txt" > "$TMP/ld1.txt"
ct_has "$TMP/ld1.txt" "different path: $d/one/libctdiff.so.1 -> $d/two/libctdiff.so.1"
ct_has "$TMP/ld.txt" "env LD_LIBRARY_PATH"
ct_width "$TMP/ld.txt"
ct_diff ldgate --fail-if libraries.moved\>0 "$A" "$B"
ct_eq "$DIFF_STATUS" 1 "status of libraries.moved>0"

# Bare (LD_PRELOAD=libcoldtrace.so): the record's LD_PRELOAD is the workload's.
LD_PRELOAD=$CT_BIN_DIR/libcoldtrace.so COLDTRACE_DIR=$TMP/bare "$fix" libctdiff.so.1 0 0 >/dev/null
RUN=$(ls -d "$TMP"/bare/*/ | head -n 1)
ct_json "r['launcher']['mode'] == 'preload'" "r['env']['LD_PRELOAD'] is None"
