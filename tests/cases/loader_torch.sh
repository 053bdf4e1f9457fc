# loader_torch -- Debian's torch with --loader: torch._C's dlopen is cut into
# phases that add up to its duration, libtorch_cpu is the object with the
# most initialiser time, and the objects' initialisers ran in the order a
# bare LD_DEBUG=libs run prints its "calling init" lines.
"$PY" -c 'import torch' 2>/dev/null || ct_skip "Debian's python3-torch is not installed for $PY"
LD_DEBUG=libs "$PY" -c 'import torch' 2>&1 >/dev/null | grep -a 'calling init: ' |
	sed 's/.*calling init: //' >"$TMP/bare_init.txt"
CT_OPTS=(--loader)
ct_compare "$PY" -c 'import torch'
ct_json "[sum([x['phases']['wait_ns']] + [x['phases'][k]['ns'] for k in ('search_map', 'relocation', 'constructors')]) == x['dur_ns'] for p in r['processes'] for x in p['dlopens'] if '/torch/_C.' in x['requested']] == [True]" \
	"[sorted([l for l in p['libraries'] if l.get('constructors')], key=lambda l: -l['constructors']['ns'])[0]['path'].split('/')[-1].startswith('libtorch_cpu.so') for p in r['processes'] if p['loader']] == [True]" \
	"[p['loader']['observe_only'] for p in r['processes'] if p['loader']] == [None]" \
	"[p['loader']['initialisers_timed'] >= 300 for p in r['processes'] if p['loader']] == [True]"
# the same order for the objects with initialisers (the shim's own, and
# what it loads at start-up, aside)
ct_json "(lambda p, bare: [l['path'] for l in sorted([l for l in p['libraries'] if l.get('constructors') and l['how'] != 'own'], key=lambda l: l['constructors']['order'])] == [x for x in bare if x in {l['path'] for l in p['libraries'] if l.get('constructors')}])([p for p in r['processes'] if p['loader']][0], open('$TMP/bare_init.txt').read().split())"
