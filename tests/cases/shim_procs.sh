# shim_procs -- fork, vfork+exec with a wiped environment, posix_spawn,
# system() and an exec chain: every process image is in the record, each
# linked to the right parent.
bin=$(ct_fixture procs) || ct_fail "cannot build procs.c"
ct_compare "$bin"
ct_json "len(r['processes']) == 9" \
	"r['processes'][0]['pid'] == r['process']['pid']" \
	"sorted(p['argv'][0] for p in r['processes'][1:]).count('$bin') >= 3" \
	"any(p['argv'] == ['true'] for p in r['processes'])" \
	"any(p['argv'] == ['echo', 'spawned'] for p in r['processes'])" \
	"any(p['argv'][:2] == ['sh', '-c'] for p in r['processes'])" \
	"[p['argv'][1:] for p in r['processes'] if p['argv'][1:2] == ['chain']] == [['chain', '1'], ['chain', '0']]" \
	"all(p['ppid'] == r['processes'][0]['pid'] for p in r['processes'][1:])" \
	"sorted(c['how'] for c in r['processes'][0]['children']) == ['fork', 'fork', 'spawn', 'system', 'vfork']"
