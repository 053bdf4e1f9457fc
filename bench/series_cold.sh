#!/usr/bin/env bash
# series_cold.sh -- the cold penalty of a workload and what the series
# machinery costs between runs.
#
#   bash bench/series_cold.sh [N] [-- CMD...]
#       (default N=10, CMD /usr/bin/python3 -c 'import torch'; needs `make`)
#
# Runs `ct-launch -n N --cache both -- CMD` and prints, from series.json:
# the wall-time medians of the cold and warm groups, the cold penalty with
# its 95% bootstrap interval, the storage bytes read per group (the proof
# of coldness), and between_runs_ms (eviction, residency, reading the
# previous record) as a share of the series' wall time.
# Not a test: it prints numbers, it does not judge them.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
n=${1:-10}
shift || true
[ "${1:-}" = "--" ] && shift
[ $# -gt 0 ] || set -- /usr/bin/python3 -c 'import torch'
work=$(mktemp -d /tmp/ct-bench.XXXXXX)
trap 'rm -rf "$work"' EXIT
[ -x "$root/build/ct-launch" ] || { echo "series_cold: run make first" >&2; exit 2; }

"$root/build/ct-launch" --quiet --runs-dir "$work" -n "$n" --cache both -- "$@" \
	2>"$work/err" >/dev/null
echo "ct-launch -n $n --cache both -- $* -> status $?"
series=$(sed -n 's/.*coldtrace: series directory: //p' "$work/err" | tail -n 1)
/usr/bin/python3 - "$series/series.json" <<'PYEOF'
import json, sys
s = json.load(open(sys.argv[1]))
m, p = s["metrics"], s["cold_penalty"]
for key in ("wall_ms", "read_bytes", "major_faults"):
    c, w, d = m[key]["cold"], m[key]["warm"], p[key]
    print(f"{key:14} cold median {c['median']:.6g} [{c['min']:.6g}-{c['max']:.6g}]  "
          f"warm median {w['median']:.6g} [{w['min']:.6g}-{w['max']:.6g}]  "
          f"penalty {d['median_diff']:+.6g} [{d['ci_low']:.6g}, {d['ci_high']:.6g}]")
share = s["between_runs_ms"] / s["wall_ms"]
print(f"series wall {s['wall_ms']:.0f} ms, between runs {s['between_runs_ms']:.0f} ms "
      f"({100 * share:.1f}%)")
for w in s["warnings"]:
    print("warning:", w)
PYEOF
