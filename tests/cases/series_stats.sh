# series_stats -- the statistics in series.json equal an independent
# computation on its per-run rows (Python's statistics module and the
# definitions of docs/series.md): every metric, every group.
source "$CT_ROOT/tests/series_lib.sh"
ct_series -n 7 --warmup 0 -- /usr/bin/python3 -c 'import json'
ct_eq "$CT_STATUS" 0 "status of the series"
ct_sjson "len(runs) == 7" "s['cache'] == 'warm' and s['warmup'] == 0" \
	"all(r['group'] == 'warm' for r in runs)"
"$PY" - "$SERIES/series.json" <<'PYEOF' || ct_fail "statistics differ from the independent computation"
import json, math, statistics as st, sys
s = json.load(open(sys.argv[1]))
def close(a, b):
    return a == b or (a is not None and b is not None and math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9))
def binom_le(n, k):
    return sum(math.comb(n, i) for i in range(k + 1)) / 2 ** n
def expect(xs, idx):
    n, xs_s = len(xs), sorted(xs)
    med = st.median(xs)
    mad = st.median([abs(x - med) for x in xs])
    q = st.quantiles(xs, n=100, method="inclusive") if n > 1 else [xs[0]] * 99
    l = 1
    while l < n // 2 and 1 - 2 * binom_le(n, l) >= 0.95:
        l += 1
    mean = st.mean(xs)
    sd = st.stdev(xs) if n > 1 else None
    return {"n": n, "min": xs_s[0], "max": xs_s[-1], "mean": mean, "stddev": sd,
            "median": med, "mad": mad, "p5": q[4], "p25": q[24], "p75": q[74], "p95": q[94],
            "cv": sd / abs(mean) if sd is not None and mean else None,
            "median_ci": {"low": xs_s[l - 1], "high": xs_s[n - l], "level": 1 - 2 * binom_le(n, l - 1)},
            "outliers": [i for i, x in zip(idx, xs) if mad > 0 and abs(0.6745 * (x - med) / mad) > 3.5]}
bad = 0
for key, groups in s["metrics"].items():
    for group, got in groups.items():
        rows = [r for r in s["runs"] if not r["interrupted"] and isinstance(r.get(key), (int, float))
                and not isinstance(r.get(key), bool) and group in ("all", r["group"])]
        want = expect([r[key] for r in rows], [r["index"] for r in rows])
        for k, v in want.items():
            g = got.get(k)
            ok = (all(close(g[x], v[x]) for x in v) if isinstance(v, dict)
                  else g == v if isinstance(v, list) else close(g, v))
            if not ok:
                bad += 1
                print(f"{key}/{group}/{k}: series.json {g!r}, computed {v!r}")
assert "wall_ms" in s["metrics"] and "read_bytes" in s["metrics"], "metrics missing"
sys.exit(1 if bad else 0)
PYEOF
