# py_extension -- an extension module's import is linked to the dlopen of
# its .so: dlopens[] and libraries[] name the import, and the import's
# native cost counts the library.  That dlopen, made by the interpreter
# for the import, keeps 5 frames; a ctypes dlopen inside an import keeps
# its whole stack (up to 24).
source "$CT_ROOT/tests/py_lib.sh"

printf 'import ctypes\nctypes.CDLL("libm.so.6")\n' >"$TMP/ct_ctmod.py"
code="import sys; sys.path.insert(0, '$TMP'); import _json, ct_ctmod; print(_json.__name__)"
for p in /usr/bin/python3 $(py_matrix | head -n 1); do
	ct_compare "$p" -c "$code"
	py_json "mod('_json')['kind'] == 'extension'" \
		"[d['import'] for d in root['dlopens'] if d['path'] == mod('_json')['file']] == ['_json']" \
		"[l['import'] for l in root['libraries'] if l['path'] == mod('_json')['file']] == ['_json']" \
		"mod('_json')['native']['libraries'] >= 1 and mod('_json')['native']['dlopen_ns'] > 0" \
		"[3 <= len(d['stack']) <= 5 for d in root['dlopens'] if d['import'] == '_json'] == [True]" \
		"[len(d['stack']) > 5 for d in root['dlopens'] if d['requested'] == 'libm.so.6'] == [True]" \
		"[d['import'] for d in root['dlopens'] if d['requested'] == 'libm.so.6'] == ['ct_ctmod']"
done
