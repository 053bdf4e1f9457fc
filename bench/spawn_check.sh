#!/usr/bin/env bash
# spawn_check.sh -- what the shim adds to a traced process's spawn of a
# program: bench/spawn_loop.c (posix_spawn of /bin/true, reaped, N times)
# under two builds of the shim (no launcher), in alternating rounds: SHIM
# (default: this tree's build) and BASE (another build, e.g. of main
# without the sanitizer check of preload/sanexec.c).  The spawning side's
# own CPU time holds what the shim does before the child starts (the
# environment, the target's ELF headers); wall time adds the traced
# child's whole life.  Prints per build the median over rounds of each,
# and the median (min-max) of the per-round difference SHIM - BASE.
#
#   BASE=/path/libcoldtrace.so bash bench/spawn_check.sh [ROUNDS [N]]   (10, 200)
#   TMPDIR=/dev/shm ...   (run directories on tmpfs)
# Not a test: it prints numbers, it does not judge them.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
rounds=${1:-10}
n=${2:-200}
shim=${SHIM:-$root/build/libcoldtrace.so}
base=${BASE:?set BASE to the libcoldtrace.so to compare with}
work=$(mktemp -d "${TMPDIR:-/tmp}/ct-spawn.XXXXXX")
trap 'rm -rf "$work"' EXIT
[ -f "$shim" ] && [ -f "$base" ] || { echo "spawn_check: no $shim or $base" >&2; exit 2; }
cc -O2 -o "$work/spawn_loop" "$root/bench/spawn_loop.c" || exit 2

# one KIND SO: one round of 5 inner rounds; appends their median cpu and wall.
one() {
	rm -rf "$work/run" && mkdir "$work/run"
	LD_PRELOAD="$2" COLDTRACE_RUN_DIR="$work/run" COLDTRACE_LAUNCHER=1 \
		"$work/spawn_loop" "$n" 5 | sort -n | sed -n 3p >>"$work/$1"
}

for i in $(seq "$rounds"); do
	one base "$base"
	one shim "$shim"
done
python3 - "$work" "$rounds" "$n" <<'PYEOF'
import statistics as st, sys
work, rounds, n = sys.argv[1:]
b = [list(map(float, l.split())) for l in open(work + "/base")]
s = [list(map(float, l.split())) for l in open(work + "/shim")]
print("posix_spawn of /bin/true x %s, %s alternating rounds (ns per spawn)" % (n, rounds))
for k, what in ((0, "spawning side's CPU"), (1, "wall, child reaped")):
    d = [y[k] - x[k] for x, y in zip(b, s)]
    print("  %-20s base %9.0f  shim %9.0f  added %7.0f (%.0f..%.0f)" %
          (what, st.median(x[k] for x in b), st.median(y[k] for y in s), st.median(d), min(d), max(d)))
PYEOF
