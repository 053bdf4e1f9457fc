# py_not_python -- no Python view where there is no Python: a plain binary,
# and COLDTRACE_PYTHON=0 (pyhook is then not even started).  pyhook is part
# of the shim: no object of its own ever appears in the process.
source "$CT_ROOT/tests/py_lib.sh"

ct_compare /bin/echo hello
py_json "all(p['python'] is None and p['imports'] == [] for p in procs)" \
	"not any('pyhook' in l['path'] for l in root['libraries'])"
COLDTRACE_PYTHON=0 ct_compare /usr/bin/python3 -c 'import json; print(1)'
py_json "py is None and imps == []" \
	"not any('pyhook' in l['path'] for l in root['libraries'])"
ct_compare /usr/bin/python3 -c 'import json; print(1)'
py_json "py['available']" \
	"not any('pyhook' in l['path'] for l in root['libraries'])" \
	"[l['own'] for l in root['libraries'] if l['path'].endswith('/libcoldtrace.so')] == [True]"
