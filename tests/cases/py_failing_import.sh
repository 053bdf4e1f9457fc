# py_failing_import -- imports that raise are recorded with ok: false and
# the exception's type; the program sees exactly the same exceptions.
source "$CT_ROOT/tests/py_lib.sh"

mkdir -p lib/badpkg
echo 'raise ImportError("badpkg refuses")' >lib/badpkg/__init__.py
echo 'raise ValueError("broken")' >lib/broken.py
prog='
for name in ("no_such_module_ct", "badpkg.sub", "broken"):
    try:
        __import__(name)
    except Exception as e:
        print(name, type(e).__name__, e)
import importlib
try:
    importlib.import_module("no_such_module_ct2")
except ImportError as e:
    print("import_module", type(e).__name__)'
for p in $(py_matrix); do
	PYTHONPATH=$TMP/lib ct_compare "$p" -c "$prog"
	py_same_stderr
	grep -q '^broken ValueError broken$' "$TMP/ct.out" || ct_fail "program output changed"
	py_json "mod('no_such_module_ct')['ok'] is False" \
		"mod('no_such_module_ct')['error'] == 'ModuleNotFoundError'" \
		"mod('no_such_module_ct2')['error'] == 'ModuleNotFoundError'" \
		"mod('badpkg')['error'] == 'ImportError' and parent('badpkg') == 'badpkg.sub'" \
		"mod('badpkg.sub')['ok'] is False and mod('badpkg.sub')['error'] == 'ImportError'" \
		"mod('broken')['ok'] is False and mod('broken')['error'] == 'ValueError'" \
		"mod('broken')['file'] is None and mod('broken')['kind'] == 'unknown'"
done
