#!/usr/bin/env bash
# numpy_instructions.sh -- the instructions (valgrind --tool=callgrind) of
# python3 -c 'import numpy', bare, with CPython's audit-hook floor, with
# coldtrace's native view only and with coldtrace in full; coldtrace's
# share is reported above the floor, since once any audit hook exists
# CPython builds the arguments of every audited event, whoever listens.
# And above the floor of LD_PRELOAD too (the hook and an empty preloaded
# object, bench/empty_preload.c): any preloaded object costs every symbol
# lookup the executable does not satisfy.
#
#   bash bench/numpy_instructions.sh [PAIRS]    (default 10; make first)
#   SHIM=/path/libcoldtrace.so bash bench/numpy_instructions.sh   (another build)
#   MODULE=torch bash bench/numpy_instructions.sh 1   (another import)
#
# The floor is bench/audit_floor.c, built here against the system
# python3's headers: a C audit hook that does nothing. Every run imports
# it (the hook is installed only in the "floor" runs), so the runs differ
# only by the hooks. PYTHONHASHSEED=0, OPENBLAS_NUM_THREADS=1 and
# setarch -R (no address randomisation) make the counts repeat to a few
# thousand instructions; the five kinds alternate PAIRS times.
# Prints the median count per kind and the median ratio (min-max) of
# each to bare, and coldtrace's to the floor.
# Not a test: it prints numbers, it does not judge them.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
pairs=${1:-10}
py=/usr/bin/python3
module=${MODULE:-numpy}
shim=${SHIM:-$root/build/libcoldtrace.so}
[ -f "$shim" ] || { echo "numpy_instructions: run make first" >&2; exit 2; }
source "$root/bench/floors.sh"
ct_floors_work "$py" numpy_instructions

# one KIND [ENV...]: callgrind's total for one run, appended to $work/KIND
one() {
	local kind=$1
	shift
	rm -rf "$work/run" && mkdir -p "$work/run"
	env PYTHONPATH="$work" PYTHONHASHSEED=0 OPENBLAS_NUM_THREADS=1 "$@" \
		setarch -R valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" \
		"$py" -c "import ct_floor, $module" >/dev/null 2>"$work/cg.err" ||
		{ echo "numpy_instructions: $kind run failed" >&2; cat "$work/cg.err" >&2; exit 1; }
	sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$work/cg.err" >>"$work/$kind"
}

traced=(LD_PRELOAD="$shim" COLDTRACE_RUN_DIR="$work/run" COLDTRACE_LAUNCHER=1)
for i in $(seq "$pairs"); do
	one bare
	one floor CT_FLOOR=1
	one preload CT_FLOOR=1 LD_PRELOAD="$work/libempty.so"
	one native "${traced[@]}" COLDTRACE_PYTHON=0
	one full "${traced[@]}"
done

"$py" - "$work" "$pairs" "$module" <<'PYEOF'
import statistics, sys
work, pairs, module = sys.argv[1:]
runs = {k: [int(l) for l in open(work + "/" + k)]
        for k in ("bare", "floor", "preload", "native", "full")}
med = {k: statistics.median(v) for k, v in runs.items()}
def ratio(k, base):
    r = [y / x for x, y in zip(runs[base], runs[k])]
    return "%.4fx (%.4f-%.4f)" % (statistics.median(r), min(r), max(r))
print("python3 -c 'import %s', instructions (callgrind), %s alternating rounds:" % (module, pairs))
print("  bare    %13d" % med["bare"])
for k, what in (("floor", "C no-op audit hook"),
                ("preload", "the hook and an empty LD_PRELOAD object"),
                ("native", "coldtrace, COLDTRACE_PYTHON=0"),
                ("full", "coldtrace, everything on")):
    print("  %-7s %13d  %s to bare  (%s)" % (k, med[k], ratio(k, "bare"), what))
print("  coldtrace's share above the floor: full/floor %s" % ratio("full", "floor"))
print("  above the floor and LD_PRELOAD's: full/preload %s" % ratio("full", "preload"))
PYEOF
