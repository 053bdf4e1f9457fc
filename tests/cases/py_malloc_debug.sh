# py_malloc_debug -- PYTHONMALLOC=debug: CPython frees the audit hook's
# entry with the debug allocator at exit; the run must still end normally
# (without the fix: "Fatal Python error: bad ID", SIGSEGV or SIGBUS).
source "$CT_ROOT/tests/py_lib.sh"

prog='import json, sys; print(json.dumps([1])); sys.exit(3)'
for p in $(py_matrix); do
	PYTHONMALLOC=debug ct_compare "$p" -c "$prog"
	ct_eq "$CT_STATUS" 3 "exit status under PYTHONMALLOC=debug"
	py_same_stderr
	py_json "py['available'] and 'json' in mods(root)" "root['exit']['how'] == 'exit'"
done
