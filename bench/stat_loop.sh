#!/usr/bin/env bash
# stat_loop.sh -- what a traced stat() costs: bench/stat_loop.c (1,000,000
# stat() calls of /etc/hostname, timed in-process in the thread's CPU
# time, so process start and exit and the time other processes hold the
# CPU are left out) in alternating rounds, bare and under the shim (no
# launcher); per round the median ns per call of 5 inner rounds. Prints
# the median ns per call of each, the median (min-max) of the per-round
# added ns and ratio.
#
#   bash bench/stat_loop.sh [ROUNDS]    (default 10; make first)
#   TMPDIR=/dev/shm bash bench/stat_loop.sh   (the event log on tmpfs)
# Not a test: it prints numbers, it does not judge them.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
rounds=${1:-10}
shim=${SHIM:-$root/build/libcoldtrace.so}
work=$(mktemp -d "${TMPDIR:-/tmp}/ct-stat.XXXXXX")
trap 'rm -rf "$work"' EXIT
[ -f "$shim" ] || { echo "stat_loop: run make first" >&2; exit 2; }
cc -O2 -o "$work/stat_loop" "$root/bench/stat_loop.c" || exit 2

median() { sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

for i in $(seq "$rounds"); do
	"$work/stat_loop" 1000000 5 | median >>"$work/bare"
	rm -rf "$work/run" && mkdir "$work/run"
	LD_PRELOAD="$shim" COLDTRACE_RUN_DIR="$work/run" COLDTRACE_LAUNCHER=1 \
		"$work/stat_loop" 1000000 5 | median >>"$work/traced"
done
python3 - "$work" "$rounds" <<'PYEOF'
import statistics, sys
work, rounds = sys.argv[1:]
b = [float(l) for l in open(work + "/bare")]
t = [float(l) for l in open(work + "/traced")]
add = [y - x for x, y in zip(b, t)]
rat = [y / x for x, y in zip(b, t)]
print("stat() x 1,000,000, %s alternating rounds: bare %.1f ns/call, traced %.1f ns/call" %
      (rounds, statistics.median(b), statistics.median(t)))
print("  added %.1f ns/call (%.1f-%.1f), %.3fx (%.3f-%.3f)" %
      (statistics.median(add), min(add), max(add), statistics.median(rat), min(rat), max(rat)))
PYEOF
