# diff_series -- two series (numbered run directories 001/..007/ with a
# record.json each) of the same command: no significant change, the wall
# gate passes; against a series of a fixture that sleeps 50 ms more: the
# wall change is significant and `wall>+10%` fails.  The Hodges-Lehmann
# shift and its interval equal an independent computation (every rank
# arrangement of the exact Mann-Whitney law enumerated in Python).
source "$CT_ROOT/tests/diff_lib.sh"
fix=$(ct_fixture diff_fix) || ct_fail "cannot build diff_fix"
mkdir -p "$TMP/A" "$TMP/B" "$TMP/C"
# Interleaved, so that a busy moment of the machine hits every series alike,
# in an order that rotates, so that whatever comes of following a longer
# run (without it, A always ran right after C) hits every series alike
# too (a CI run once found A and B apart); 7 runs each, so that one run slowed by a
# busy machine cannot hide the shift (with 5 against 5, the interval's ends
# are the 3rd differences).
order=(A:100 B:100 C:150)
for i in 1 2 3 4 5 6 7; do
	for k in 0 1 2; do
		s=${order[(i + k) % 3]}
		ct_run "$fix" - "${s#*:}" 0
		ct_eq "$CT_STATUS" 0 "status of run $i of ${s%:*}"
		mv "$RUN" "$TMP/${s%:*}/00$i"
	done
done
ct_bare "$fix" - 100 0
ct_eq "$BARE_STATUS" 0 "bare status"
cmp "$TMP/bare.out" "$TMP/A/001/stdout.log" || ct_fail "stdout differs under coldtrace"

ct_diff same --fail-if 'wall>+10%' "$TMP/A" "$TMP/B"
ct_eq "$DIFF_STATUS" 0 "status of the same command's series"
ct_djson same "dict(d['a'], median_record=None) == {'path': '$TMP/A', 'runs': 7, 'series': True, 'median_record': None}" \
	"d['a']['median_record'] in ['$TMP/A/00%d/record.json' % i for i in range(1, 8)]" \
	"d['summary']['significant'] == []" \
	"d['summary']['sets']['libraries'] == {'added': 0, 'removed': 0, 'moved': 0}" \
	"d['headline']['method'].startswith('Hodges-Lehmann')" \
	"[m['interval'] is not None for m in d['headline']['metrics'] if m['metric'] == 'wall'] == [True]"
ct_has "$TMP/same.txt" "passed wall>+10%"

ct_diff slower --fail-if 'wall>+10%' --fail-if 'wall>+80%' "$TMP/A" "$TMP/C"
ct_eq "$DIFF_STATUS" 1 "status of the slower series"
ct_djson slower "'wall' in d['summary']['significant']" \
	"[g['failed'] for g in d['gates']] == [True, False]"
ct_has "$TMP/slower.txt" "FAILED wall>+10%"
ct_width "$TMP/slower.txt"

"$PY" - "$TMP" <<'PYEOF' || ct_fail "interval differs from the independent computation"
import itertools, json, statistics, sys
t = sys.argv[1]
wall = lambda s: [json.load(open("%s/%s/00%d/record.json" % (t, s, i)))["timing"]["wall_ms"] * 1e6
                  for i in range(1, 8)]
a, c = wall("A"), wall("C")
d = sorted(y - x for x in a for y in c)
# P(U <= u): U = pairs (x in A, y in C) with y below x, over all rank arrangements.
us = [sum(j - k for k, j in enumerate(sorted(pos))) for pos in itertools.combinations(range(14), 7)]
qu = next(u for u in range(50) if sum(v <= u for v in us) / len(us) >= 0.025)
want = [d[qu - 1], d[len(d) - qu]]
got = [m for m in json.load(open(t + "/slower.json"))["headline"]["metrics"] if m["metric"] == "wall"][0]
print("shift", got["change"], statistics.median(d), "interval", got["interval"], want)
sys.exit(0 if got["interval"] == want and got["change"] == statistics.median(d) else 1)
PYEOF

# CPU time is accounted at the scheduler's tick: A's records with system
# CPU set to 2 ms against 5 ms (a steady 3 ms shift) are not called a
# change; against 40 ms they are.
"$PY" - "$TMP" <<'PYEOF' || ct_fail "cannot craft the CPU series"
import json, os, sys
t = sys.argv[1]
for name, sys_ms in (("S2", 2), ("S5", 5), ("S40", 40)):
    for i in range(1, 8):
        r = json.load(open("%s/A/00%d/record.json" % (t, i)))
        r["rusage"]["system_cpu_ms"] = sys_ms
        os.makedirs("%s/%s/00%d" % (t, name, i))
        json.dump(r, open("%s/%s/00%d/record.json" % (t, name, i), "w"))
PYEOF
ct_diff tick "$TMP/S2" "$TMP/S5"
ct_djson tick "'sys' not in d['summary']['significant']" \
	"[m['note'] for m in d['headline']['metrics'] if m['metric'] == 'sys'] == ['not significant: below what the measure resolves']"
ct_diff cpu "$TMP/S2" "$TMP/S40"
ct_djson cpu "'sys' in d['summary']['significant']"
