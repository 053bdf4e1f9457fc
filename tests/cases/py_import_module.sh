# py_import_module -- importlib.import_module raises no "import" audit event
# before 3.14, yet its imports are timed, with the import statements they
# run nested under them, marked via_importlib (-X importtime omits them).
source "$CT_ROOT/tests/py_lib.sh"

mkdir -p lib/imod
echo 'from . import leaf' >lib/imod/__init__.py
echo 'import colorsys' >lib/imod/leaf.py
prog='import importlib
m = importlib.import_module("imod.leaf")
print(m.colorsys.__name__)'
for p in $(py_matrix); do
	PYTHONPATH=$TMP/lib ct_compare "$p" -c "$prog"
	py_json "parent('imod.leaf') is None" \
		"parent('imod') == 'imod.leaf'" \
		"parent('colorsys') == 'imod.leaf'" \
		"[i['module'] for i in imps].count('imod') == 1" \
		"mod('imod.leaf')['ok'] and mod('imod.leaf')['file'] == '$TMP/lib/imod/leaf.py'" \
		"mod('imod.leaf')['via_importlib'] and mod('imod')['via_importlib']" \
		"not mod('colorsys')['via_importlib']"
done
