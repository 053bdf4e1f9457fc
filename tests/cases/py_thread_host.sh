# py_thread_host -- reading who a Python thread is goes unnoticed, on
# every Python of the matrix: a Thread subclass's __getattribute__ and
# __class__ are not run, the starting frame's locals() dict is not
# refreshed, a start that fails gives its name to no later thread (here
# faulthandler's own), and with threading's start function replaced by the
# program the Thread is still found.
source "$CT_ROOT/tests/py_lib.sh"
fix=$CT_ROOT/tests/fixtures/py_thread_host.py
pys=$(py_matrix)
[ -n "$pys" ] || ct_skip "no Python 3.8 or later here"
for p in $pys; do
	ct_compare "$p" "$fix"
	grep -q "^locals() of the starting frame: \[\]$" "$TMP/bare.out" || ct_fail "fixture: $(cat "$TMP/bare.out")"
	ct_json "[(t['py_name'], t['py_target'], t['py_started_at']) for t in r['processes'][0]['threads'] if t['py_name']] == [('watched', 'work', '$fix:20'), ('patched', 'work', '$fix:42')]" \
		"'$fix:26' in [t['py_started_at'] for t in r['processes'][0]['threads']]"
done
