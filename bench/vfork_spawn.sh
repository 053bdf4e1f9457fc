#!/usr/bin/env bash
# vfork_spawn.sh -- what tracing costs a large process that spawns: a
# Python holding 600 MiB runs subprocess.run(["/bin/true"]) 20 times
# (bench/vfork_spawn.py; CPython spawns with vfork), PAIRS alternating
# rounds of: bare; traced (LD_PRELOAD of the shim alone: no launcher, no
# merge; the children are traced too, as by default); the parent alone
# traced (COLDTRACE_FOLLOW=0), which tells the parent's cost from the
# traced children's own.
#
#   bash bench/vfork_spawn.sh [PAIRS [MIB [SPAWNS]]]   (10, 600, 20; make first)
#   SHIM=/path/libcoldtrace.so bash bench/vfork_spawn.sh   (another build)
#   TMPDIR=/dev/shm bash bench/vfork_spawn.sh   (run directories on tmpfs)
#
# Prints, per measure, the median values and the median ratio to the bare
# run of the same round with its min-max: wall of the whole process, the
# time of the 20 runs, the process's own minor faults, the CPU time of
# the process and its children.
# Not a test: it prints numbers, it does not judge them.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
pairs=${1:-10}
mib=${2:-600}
spawns=${3:-20}
py=${PY:-/usr/bin/python3}
shim=${SHIM:-$root/build/libcoldtrace.so}   # SHIM=another build, to compare
work=$(mktemp -d "${TMPDIR:-/tmp}/ct-vfork.XXXXXX")   # the run directories: TMPDIR=/dev/shm for tmpfs
trap 'rm -rf "$work"' EXIT
[ -f "$shim" ] || { echo "vfork_spawn: run make first" >&2; exit 2; }

# one KIND [ENV...]: one run; appends "wall_ms loop_ms minflt cpu_ms" to $work/KIND.
one() {
	local kind=$1 t0 t1 out
	shift
	t0=$(date +%s%N)
	out=$(env "$@" "$py" "$root/bench/vfork_spawn.py" "$mib" "$spawns") || {
		echo "vfork_spawn: $kind run failed" >&2; exit 1; }
	t1=$(date +%s%N)
	echo "$(( (t1 - t0) / 1000 ))e-3 $(echo "$out" | awk '{print $2, $4, $6}')" >>"$work/$kind"
}

"$py" "$root/bench/vfork_spawn.py" "$mib" 1 >/dev/null   # warm the page cache
for i in $(seq "$pairs"); do
	one bare
	mkdir -p "$work/run"
	one traced LD_PRELOAD="$shim" COLDTRACE_RUN_DIR="$work/run" COLDTRACE_LAUNCHER=1
	rm -rf "$work/run"
	mkdir -p "$work/run"
	one parent LD_PRELOAD="$shim" COLDTRACE_RUN_DIR="$work/run" COLDTRACE_LAUNCHER=1 \
		COLDTRACE_FOLLOW=0
	rm -rf "$work/run"
done

"$py" - "$work" "$pairs" "$mib" "$spawns" <<'PYEOF'
import statistics, sys
work, pairs, mib, spawns = sys.argv[1:]
runs = {k: [list(map(float, l.split())) for l in open(work + "/" + k)]
        for k in ("bare", "traced", "parent")}
print("%s MiB Python, %s x subprocess.run(['/bin/true']), %s alternating rounds:"
      % (mib, spawns, pairs))
for col, name, fmt in ((0, "process wall", "%7.1f ms"), (1, "spawn loop", "%7.1f ms"),
                       (2, "minor faults", "%10.0f"), (3, "CPU", "%7.1f ms")):
    b = [r[col] for r in runs["bare"]]
    print("  %-13s bare " % name + fmt % statistics.median(b))
    for k in ("traced", "parent"):
        v = [r[col] for r in runs[k]]
        ratios = [y / x for x, y in zip(b, v)]
        print("  %-13s %-6s " % ("", k) + fmt % statistics.median(v) +
              "  %.3fx (%.3f-%.3f)" % (statistics.median(ratios), min(ratios), max(ratios)))
PYEOF
