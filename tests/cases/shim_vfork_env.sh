# shim_vfork_env -- subprocess (vfork) with an environment of 40,000
# variables and no shim in it: every child is still traced (the shim put
# back on pages of their own, not the stack, not the heap), and the
# parent's address space does not grow with each spawn.
ct_compare "$PY" "$CT_ROOT/tests/fixtures/py_vfork_env.py"
grep -q "address space grew: no" "$TMP/ct.out" || ct_fail "the parent's address space grew"
ct_json "len([p for p in r['processes'] if p['argv'] == ['/bin/true', 'big-env']]) == 20" \
	"all(p['parent'] == r['process']['pid'] for p in r['processes'][1:])" \
	"[c['how'] for c in r['processes'][0]['children']] == ['vfork'] * 21"
