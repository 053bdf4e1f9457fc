# py_versions -- the Python view on every supported CPython (pyenv 3.8 to
# 3.13 with a shared libpython, Debian's python3 with libpython built in):
# same output as bare, exact import nesting, every kind, the interpreter.
source "$CT_ROOT/tests/py_lib.sh"

pys=$(py_matrix)
[ -n "$pys" ] || ct_skip "no CPython 3.8+ found"
mkdir -p lib/nspkg src
echo 'X = 1' >lib/nspkg/mod.py            # nspkg: namespace package
echo 'Y = 2' >src/bcmod.py
prog='import json, importlib, _symtable, nspkg.mod, bcmod
importlib.import_module("xml.dom")
print("ok", bcmod.Y)'
for p in $pys; do
	rm -f lib/bcmod.pyc
	"$p" -c "import py_compile; py_compile.compile('src/bcmod.py', cfile='lib/bcmod.pyc', doraise=True)" ||
		ct_fail "$p: py_compile"
	ver=$("$p" -c 'import platform; print(platform.python_version())')
	exe=$("$p" -c 'import sys; print(sys.executable)')
	PYTHONPATH=$TMP/lib ct_compare "$p" -c "$prog"
	py_same_stderr
	py_json "py['version'] == '$ver' and py['executable'] == '$exe'" \
		"py['implementation'] == 'cpython' and py['available'] and py['why'] is None" \
		"parent('json') is None and parent('json.decoder') == 'json'" \
		"parent('xml.dom') is None and parent('xml') == 'xml.dom'" \
		"mod('json')['kind'] == 'source' and mod('json')['file'].endswith('/json/__init__.py')" \
		"mod('json')['ok'] is True and mod('json')['error'] is None" \
		"mod('_json')['kind'] == 'extension' and mod('_json')['file'].endswith('.so')" \
		"mod('_symtable')['kind'] == 'builtin' and mod('_symtable')['file'] is None" \
		"mod('_frozen_importlib_external')['kind'] == 'frozen'" \
		"mod('nspkg')['kind'] == 'namespace' and mod('nspkg.mod')['kind'] == 'source'" \
		"mod('bcmod')['kind'] == 'bytecode' and mod('bcmod')['file'] == '$TMP/lib/bcmod.pyc'" \
		"all(i['start_ns'] <= i['end_ns'] and 0 <= i['self_us'] <= i['cumulative_us'] for i in imps)" \
		"mod('json')['cumulative_us'] >= mod('json.decoder')['cumulative_us'] + mod('json')['self_us'] - 1" \
		"len({i['id'] for i in imps}) == len(imps)" \
		"{'sys', 'builtins', '_frozen_importlib'} <= set(py['before_hook'])" \
		"not set(py['before_hook']) & mods(root)"
done
echo "interpreters checked:" $pys
