#!/usr/bin/env bash
# image_steps.sh -- the kernel's price of each step a short traced image
# makes, each timed in a fresh process (bench/image_steps.c: procfs
# paths, the pack's fallocate, the slot's mapping, advice and first page
# writes, an anonymous page fault), N processes, each a new slot of one
# pack-like file; prints the median and min-max ns per step.
#
#   bash bench/image_steps.sh [N]      (default 40; the file under $TMPDIR, else /var/tmp)
# Not a test: it prints numbers, it does not judge them.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
n=${1:-40}
work=$(mktemp -d "${TMPDIR:-/var/tmp}/ct-steps.XXXXXX")
trap 'rm -rf "$work"' EXIT
cc -O2 -o "$work/image_steps" "$root/bench/image_steps.c" || exit 2
for i in $(seq 0 $((n - 1))); do
	"$work/image_steps" "$work/pack" "$i" || exit 2
done >"$work/steps"
echo "$n fresh processes, file on $(df --output=fstype "$work" | tail -1):"
python3 - "$work/steps" <<'PYEOF'
import statistics, sys
steps = {}
for line in open(sys.argv[1]):
    name, ns = line.split()
    steps.setdefault(name, []).append(float(ns))
for name, v in steps.items():
    print("  %-14s %7.1f us  (%.1f-%.1f)" % (name, statistics.median(v) / 1e3, min(v) / 1e3, max(v) / 1e3))
PYEOF
