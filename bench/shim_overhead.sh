#!/usr/bin/env bash
# shim_overhead.sh -- what libcoldtrace.so costs, measured against a bare
# run and against the tools people already use, on the same workloads.
#
#   bash bench/shim_overhead.sh [PAIRS]     (default 10; needs `make` first)
#
# 1. wall time of /usr/bin/python3 -c 'import torch', PAIRS alternating
#    runs each: bare, ct-launch (everything on, summary printed), strace -f,
#    perf trace -s;
#    medians and ratios to bare.
# 2. instructions (valgrind --tool=callgrind) of python3 -c 'import numpy',
#    bare and under the shim: deterministic, so one run each.
# 3. 1,000,000 stat() calls in a loop: ns per call bare and traced (median
#    of rounds), and the difference.
# 4. the shim's own resident memory at the end of import torch, from the
#    record's /proc snapshot (coldtrace's objects and its log mappings).
# Not a test: it prints numbers, it does not judge them.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
pairs=${1:-10}
py=/usr/bin/python3
work=$(mktemp -d /tmp/ct-bench.XXXXXX)
trap 'rm -rf "$work"' EXIT
shim=$root/build/libcoldtrace.so
[ -x "$root/build/ct-launch" ] || { echo "shim_overhead: run make first" >&2; exit 2; }

wall() {  # wall seconds of one command, output discarded
	local t0 t1
	t0=$(date +%s.%N)
	"$@" >/dev/null 2>&1
	t1=$(date +%s.%N)
	echo "$t1 - $t0" | bc -l
}

median() { sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

torch_wall() {
	local kind i
	: >"$work/bare" >"$work/ct" >"$work/strace" >"$work/perf"
	"$py" -c 'import torch' # warm the page cache once
	for i in $(seq "$pairs"); do
		wall "$py" -c 'import torch' >>"$work/bare"
		wall "$root/build/ct-launch" --runs-dir "$work/runs" -- "$py" -c 'import torch' >>"$work/ct"
		wall strace -f -o /dev/null "$py" -c 'import torch' >>"$work/strace"
		wall perf trace -s -o /dev/null "$py" -c 'import torch' >>"$work/perf"
		rm -rf "$work/runs"
	done
	local b
	b=$(median <"$work/bare")
	echo "import torch, median wall over $pairs alternating runs:"
	for kind in bare ct strace perf; do
		local m
		m=$(median <"$work/$kind")
		printf "  %-7s %6.3f s  %5.3fx\n" "$kind" "$m" "$(echo "$m / $b" | bc -l)"
	done
}

instructions() {  # callgrind's total Ir for python3 -c 'import numpy' [env...]
	env "$@" valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" \
		"$py" -c 'import numpy' >/dev/null 2>"$work/cg.err"
	sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$work/cg.err"
}

numpy_instructions() {
	local b t
	b=$(instructions)
	mkdir -p "$work/cg-run"
	t=$(instructions LD_PRELOAD="$shim" COLDTRACE_RUN_DIR="$work/cg-run" COLDTRACE_LAUNCHER=1)
	echo "import numpy, instructions (callgrind): bare $b, traced $t, $(echo "$t / $b" | bc -l | cut -c1-6)x"
}

stat_loop() {
	local b t
	cc -O2 -o "$work/stat_loop" "$root/bench/stat_loop.c" || return
	b=$("$work/stat_loop" 1000000 7 | median)
	mkdir -p "$work/stat-run"
	t=$(LD_PRELOAD="$shim" COLDTRACE_RUN_DIR="$work/stat-run" COLDTRACE_LAUNCHER=1 \
		"$work/stat_loop" 1000000 7 | median)
	echo "stat() x 1,000,000: bare $b ns/call, traced $t ns/call, added $(echo "$t - $b" | bc -l) ns/call"
}

shim_memory() {
	local run
	"$root/build/ct-launch" --quiet --runs-dir "$work/mem" -- "$py" -c 'import torch' 2>/dev/null
	run=$(ls -d "$work"/mem/*/)
	"$py" - "$run/record.json" <<'PYEOF'
import json, sys
r = json.load(open(sys.argv[1]))
p = r["processes"][0]
own = {l["path"] for l in p["libraries"] if l["own"]}
maps = p["proc"]["maps"] if p["proc"] else []
rows = [(m["path"], m["rss_kb"]) for m in maps if m["path"] in own or m["path"].endswith(".ctlog")]
total = sum(kb for _, kb in rows)
print("shim's own resident memory at the end of import torch: %d KiB" % total)
for path, kb in rows:
    print("  %6d KiB  %s" % (kb, path))
PYEOF
}

torch_wall
numpy_instructions
stat_loop
shim_memory
