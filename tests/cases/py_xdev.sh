# py_xdev -- python -X dev (debug allocator, faulthandler, warnings) runs
# and exits exactly as without coldtrace.
source "$CT_ROOT/tests/py_lib.sh"

prog='import warnings, json
warnings.warn("dev-mode warning")
print(json.dumps({"a": 1}))'
for p in $(py_matrix); do
	ct_compare "$p" -X dev -c "$prog"
	ct_eq "$CT_STATUS" 0 "exit status under -X dev"
	py_same_stderr
	py_json "py['available'] and 'json' in mods(root)" "root['exit']['how'] == 'exit'"
done
