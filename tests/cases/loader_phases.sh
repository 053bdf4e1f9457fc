# loader_phases -- with --loader every dlopen is cut into search+map,
# relocation and constructors (adding up to the call), and each object's
# initialisers are timed: A needs B (constructor spins 30 ms) and C
# (20,000 symbol relocations); A's constructor dlopens D (nested: its
# time is not A's own); E has a DT_INIT only; a missing object fails in
# search_map, one with an undefined symbol in relocation; T0..T7 are dlopen'ed by eight threads at once.  Each
# object's thread CPU matches the fixture's own clock (+-20%), the order
# equals LD_DEBUG=libs' "calling init" lines, output and status equal bare.
source "$CT_ROOT/tests/loader_lib.sh"
ct_lp_build
d=$LP_DIR

CT_OPTS=(--loader)
LD_DEBUG=libs ct_compare "$d/lp_main" "$d"
# the program's namespace: after the audit library's own (its libc, itself)
grep -a 'calling init: ' "$RUN/stderr.log" | sed 's/.*calling init: //' |
	sed '1,/libcoldtrace-audit\.so$/d' >"$TMP/init_order.txt"
grep -a '^lp-ctor ' "$RUN/stderr.log" >"$TMP/own_clock.txt"
"$PY" - "$RUN/record.json" "$TMP/init_order.txt" "$TMP/own_clock.txt" "$d" <<'PYEOF' ||
import json, sys
r, order, own, d = json.load(open(sys.argv[1])), open(sys.argv[2]).read().split(), sys.argv[3], sys.argv[4]
p = r['processes'][0]
own = {l.split()[1]: int(l.split()[2]) for l in open(own)}
ctors = {l['path']: l['constructors'] for l in p['libraries'] if l.get('constructors')}
lib = lambda n: ctors.get('%s/liblp_%s.so' % (d, n.lower()))
dl = {x['requested']: x for x in p['dlopens']}
bad = []
def want(ok, what):
    if not ok:
        bad.append(what)
names = ['A', 'B', 'C', 'D', 'E'] + ['T%d' % i for i in range(8)]
want(all(lib(n) for n in names), 'every fixture object has constructors: %s' % sorted(ctors))
for n in own:
    c = lib(n) or {}
    want(abs(c.get('cpu_ns', 0) - own[n]) <= 0.2 * own[n], '%s cpu_ns %s vs own %d' % (n, c.get('cpu_ns'), own[n]))
a = lib('A') or {}
want(a.get('nested_ns', 0) >= 0.8 * own['D'], 'A nested_ns %s covers D %d' % (a.get('nested_ns'), own['D']))
want((lib('E') or {}).get('entries') == 1, 'E runs one entry (its DT_INIT)')
seen = [x for x in order if x in ctors]
want(seen == sorted(ctors, key=lambda k: ctors[k]['order']), 'order %s vs %s' % (seen, sorted(ctors, key=lambda k: ctors[k]['order'])))
for x in p['dlopens']:
    ph = x['phases']
    want(ph['wait_ns'] + ph['search_map']['ns'] + ph['relocation']['ns'] + ph['constructors']['ns'] == x['dur_ns'], 'phases add up: %s' % x['requested'])
pa, pe = dl[d + '/liblp_a.so']['phases'], dl[d + '/liblp_e.so']['phases']
want(pa['constructors']['cpu_ns'] >= 0.8 * (own['A'] + own['B'] + own['D']), 'A dlopen constructors cover A, B, D')
want(pa['relocation']['cpu_ns'] > 3 * pe['relocation']['cpu_ns'], 'C relocations: %s vs %s' % (pa['relocation'], pe['relocation']))
want(dl[d + '/liblp_d.so']['phases']['constructors']['cpu_ns'] >= 0.8 * own['D'], 'D nested dlopen constructors')
miss = dl[d + '/liblp_missing.so']
want(max(dl[d + '/liblp_t%d.so' % i]['phases']['wait_ns'] for i in range(8)) > 0, 'a thread waited for the loader')
want(not miss['ok'] and miss['phases']['failed_in'] == 'search_map', 'failed dlopen: %s' % miss['phases'])
undef = dl[d + '/liblp_undef.so']
want(not undef['ok'] and undef['phases']['failed_in'] == 'relocation' and 'U' not in own, 'undefined symbol: %s' % undef['phases'])
parts = [x['part'] for x in p['time']['parts']]
want('native_loading' not in parts and all('dlopen_' + k in parts for k in ('search_map', 'relocation', 'constructors')), 'parts %s' % parts)
want(p['loader']['observe_only'] is None and p['loader']['startup']['constructors']['cpu_ns'] > 0, 'loader %s' % p['loader'])
for b in bad:
    print('not true: ' + b)
sys.exit(1 if bad else 0)
PYEOF
	ct_fail "the record's phases and constructors (see above)"

"$COLDTRACE" report "$RUN" >"$TMP/rep.out" || ct_fail "coldtrace report failed"
grep -q "Native initialisation" "$TMP/rep.out" || { cat "$TMP/rep.out"; ct_fail "no Native initialisation section"; }
grep -q "liblp_b.so" "$TMP/rep.out" || ct_fail "the report does not name liblp_b.so"

CT_OPTS=()
ct_compare "$d/lp_main" "$d"
ct_json "[x['part'] for x in r['processes'][0]['time']['parts']][0] == 'native_loading'" \
	"all('phases' not in x for x in r['processes'][0]['dlopens'])"
"$COLDTRACE" report "$RUN" >"$TMP/rep2.out" || ct_fail "coldtrace report failed"
grep -q "run with --loader to split these" "$TMP/rep2.out" || { cat "$TMP/rep2.out"; ct_fail "no hint to run with --loader"; }
