# shim_vfork_exec -- vfork stays a vfork: the child's write is seen by the
# parent and no page is copied; the child's exec (environment without the
# shim) is traced and linked to its parent; what the child did before it
# (sigaction, open) is not in the parent's log, which stays whole; its
# exec is, written by the parent once the child has gone.
bin=$(ct_fixture vfork) || ct_fail "cannot build vfork.c"
ct_compare "$bin" exec
grep -q "shared 42" "$TMP/ct.out" || ct_fail "the vfork child's write is not seen by the parent"
ct_json "len(r['processes']) == 4 and not r['warnings']" \
	"[c['how'] for c in r['processes'][0]['children']] == ['vfork'] * 3" \
	"all([(e['path'], e['ok'], e['traced']) for e in c['execs']] == [('$bin', True, True)] for c in r['processes'][0]['children'])" \
	"sorted(c['pid'] for c in r['processes'][0]['children']) == sorted(p['pid'] for p in r['processes'][1:])" \
	"all(p['argv'] == ['$bin', 'child'] and p['parent'] == r['process']['pid'] and p['exec_of'] is None for p in r['processes'][1:])" \
	"all(p['exit'] | {'snapshot': None} == {'how': 'exit', 'status': 3, 'signal': None, 'snapshot': None} and p['complete'] for p in r['processes'][1:])" \
	"r['processes'][0]['exit'] == {'how': 'exit', 'status': 0, 'signal': None, 'snapshot': 'taken'}" \
	"r['processes'][0]['complete'] and r['processes'][0]['proc'] is not None" \
	"r['processes'][0]['execs'] == [] and len(r['processes'][0]['threads']) == 1"
"$COLDTRACE" dump "$RUN" >"$TMP/dump.jsonl" || ct_fail "coldtrace dump failed"
! grep -q vfork-child "$TMP/dump.jsonl" || ct_fail "the vfork child's open is in a log"
