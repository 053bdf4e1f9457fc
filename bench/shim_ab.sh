#!/usr/bin/env bash
# shim_ab.sh -- two builds of the shim against each other on one workload:
# alternating rounds of bare, the traced process with shim A and with
# shim B (LD_PRELOAD only: no launcher, no merge), ratios to bare per
# round (bench/pairs.py).  For the before/after line of a change: copy
# the old build's libcoldtrace.so aside, rebuild, and compare.
#
#   SHIM_A=/tmp/old.so bash bench/shim_ab.sh [ROUNDS]   (default 10; B: build/)
#   PY=/venv/bin/python CODE='import torch' SHIM_A=... bash bench/shim_ab.sh 20
# Not a test: it prints numbers, it does not judge them.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
rounds=${1:-10}
py=${PY:-/usr/bin/python3}
code=${CODE:-import numpy}
a=${SHIM_A:?shim_ab: set SHIM_A to the other build of libcoldtrace.so}
b=${SHIM_B:-$root/build/libcoldtrace.so}
work=$(mktemp -d "${TMPDIR:-/tmp}/ct-ab.XXXXXX")
trap 'rm -rf "$work"' EXIT
for s in "$a" "$b"; do
	[ -f "$s" ] || { echo "shim_ab: no such shim: $s" >&2; exit 2; }
done
cmd="$(printf '%q -c %q' "$py" "$code")"
echo "$code ($py): A=$a B=$b"
PREP="rm -rf $work/r && mkdir $work/r" python3 "$root/bench/pairs.py" "$rounds" "bare=$cmd" \
	"A=LD_PRELOAD=$a COLDTRACE_RUN_DIR=$work/r COLDTRACE_LAUNCHER=1 $cmd" \
	"B=LD_PRELOAD=$b COLDTRACE_RUN_DIR=$work/r COLDTRACE_LAUNCHER=1 $cmd"
