# py_extension -- an extension module's import is linked to the dlopen of
# its .so: dlopens[] and libraries[] name the import, and the import's
# native cost counts the library.
source "$CT_ROOT/tests/py_lib.sh"

for p in /usr/bin/python3 $(py_matrix | head -n 1); do
	ct_compare "$p" -c 'import _json; print(_json.__name__)'
	py_json "mod('_json')['kind'] == 'extension'" \
		"[d['import'] for d in root['dlopens'] if d['path'] == mod('_json')['file']] == ['_json']" \
		"[l['import'] for l in root['libraries'] if l['path'] == mod('_json')['file']] == ['_json']" \
		"mod('_json')['native']['libraries'] >= 1 and mod('_json')['native']['dlopen_ns'] > 0" \
		"all(d['import'] is None for d in root['dlopens'] if d['path'] and 'pyhook' in d['path'])"
done
