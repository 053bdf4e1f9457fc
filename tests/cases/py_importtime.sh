# py_importtime -- python -X importtime under coldtrace still prints its own
# table, for the same modules in the same order, and every module it
# names is in imports[].
source "$CT_ROOT/tests/py_lib.sh"

names() { sed -n 's/^import time: *[0-9]* | *[0-9]* | *//p' "$1"; }
for p in $(py_matrix); do
	ct_compare "$p" -X importtime -c 'import json; print("ok")'
	names "$TMP/bare.err" >bare.names
	names "$RUN/stderr.log" >ct.names
	[ -s bare.names ] || ct_fail "$p: no -X importtime table bare"
	cmp bare.names ct.names || ct_fail "$p: -X importtime table differs under coldtrace"
	py_json "set(open('$TMP/ct.names').read().split()) <= mods(root)"
done
