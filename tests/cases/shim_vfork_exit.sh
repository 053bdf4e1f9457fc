# shim_vfork_exit -- a vfork child that ends with _exit, no exec: the
# parent sees its write, keeps its SIGTERM handler, and its record says
# it exited itself (the child's _exit ended nothing of the parent's).
# A child forked by the vfork child has memory of its own: it is traced
# to its end.
bin=$(ct_fixture vfork) || ct_fail "cannot build vfork.c"
ct_compare "$bin" exit
grep -q "shared 42" "$TMP/ct.out" || ct_fail "the vfork child's write is not seen by the parent"
grep -q "SIGTERM handled" "$TMP/ct.out" || ct_fail "the parent's SIGTERM handler did not run"
ct_json "len(r['processes']) == 1 and not r['warnings']" \
	"[c['how'] for c in r['processes'][0]['children']] == ['vfork'] * 3" \
	"all(c['pid'] > 0 and c['execs'] == [] for c in r['processes'][0]['children'])" \
	"r['processes'][0]['exit'] == {'how': 'exit', 'status': 0, 'signal': None, 'snapshot': 'taken'}" \
	"r['processes'][0]['complete'] and r['processes'][0]['proc'] is not None"
ct_compare "$bin" fork
ct_json "len(r['processes']) == 4 and not r['warnings']" \
	"r['processes'][0]['exit'] == {'how': 'exit', 'status': 0, 'signal': None, 'snapshot': 'taken'}" \
	"sorted(p['ppid'] for p in r['processes'][1:]) == sorted(c['pid'] for c in r['processes'][0]['children'])" \
	"all(p['exit'] | {'snapshot': None} == {'how': '_exit', 'status': 4, 'signal': None, 'snapshot': None} and p['complete'] for p in r['processes'][1:])"
