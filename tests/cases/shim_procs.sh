# shim_procs -- fork, vfork+exec with a wiped environment, posix_spawn,
# system() and an exec chain: every process image is in the record, each
# linked to the right parent (a vfork child has no image of its own before
# its exec: the image it execs is the parent's vfork child; a fork child
# that only execs leaves no image of its own either: the chain starts at
# the image it exec'd, whose parent is the forking process).
bin=$(ct_fixture procs) || ct_fail "cannot build procs.c"
ct_compare "$bin"
ct_json "len(r['processes']) == 7" \
	"r['processes'][0]['pid'] == r['process']['pid']" \
	"sorted(p['argv'][0] for p in r['processes'][1:]).count('$bin') >= 3" \
	"[(p['parent'], p['exec_of']) for p in r['processes'] if p['argv'] == ['true']] == [(r['process']['pid'], None)]" \
	"[c['how'] for c in r['processes'][0]['children'] for p in r['processes'] if p['argv'] == ['true'] and c['pid'] == p['pid']] == ['vfork']" \
	"any(p['argv'] == ['echo', 'spawned'] for p in r['processes'])" \
	"any(p['argv'][:2] == ['sh', '-c'] for p in r['processes'])" \
	"[p['argv'][1:] for p in r['processes'] if p['argv'][1:2] == ['chain']] == [['chain', '1'], ['chain', '0']]" \
	"all(p['ppid'] == r['processes'][0]['pid'] for p in r['processes'][1:])" \
	"sorted(c['how'] for c in r['processes'][0]['children']) == ['fork', 'fork', 'spawn', 'system', 'vfork']"
