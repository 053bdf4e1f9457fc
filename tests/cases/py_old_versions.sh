# py_old_versions -- Python 2.7, 3.6, 3.7 have no audit hooks: the record
# says the Python view is unavailable and why; native events still count.
source "$CT_ROOT/tests/py_lib.sh"

pys=$(py_old)
[ -n "$pys" ] || ct_skip "no Python 2.7/3.6/3.7 found"
for p in $pys; do
	ct_compare "$p" -c 'import json; print("ok")'
	py_same_stderr
	ver=$("$p" -c 'import platform; print(platform.python_version())')
	py_json "py is not None and py['available'] is False" \
		"py['version'] == '$ver' and 'audit hooks' in py['why']" \
		"imps == []" \
		"sum(root['calls'].get(k, {}).get('count', 0) for k in ('open', 'fopen')) > 0" \
		"any(l['path'].endswith('.so') for l in root['libraries'])"
done
