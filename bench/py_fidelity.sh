#!/bin/bash
# py_fidelity.sh -- does coldtrace's import timeline agree with
# `python -X importtime`?  For each workload (default: import torch, import
# numpy on /usr/bin/python3): one coldtrace run of `-X importtime` (table and
# imports[] from the same process: module sets and parents must be equal),
# then REPEAT alternating bare `-X importtime` and coldtrace runs: top 20 by
# self time and the total, on medians.  Also sys._getframe() cost.
#
# usage: bench/py_fidelity.sh [-n REPEAT] [-o OUTDIR] [STATEMENT...]
#   e.g. bench/py_fidelity.sh -n 9 'import torch'
# Exit status: 0 all checks passed, 1 a check failed, 2 usage / setup error.
set -u
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PY=${PY:-/usr/bin/python3}
CT=$ROOT/build/ct-launch
REPEAT=7
OUT=
while getopts "n:o:" opt; do
	case $opt in
	n) REPEAT=$OPTARG ;;
	o) OUT=$OPTARG ;;
	*) echo "usage: $0 [-n REPEAT] [-o OUTDIR] [STATEMENT...]" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || set -- 'import torch' 'import numpy'
[ -x "$CT" ] || { echo "py_fidelity: $CT missing: run make" >&2; exit 2; }
OUT=${OUT:-$(mktemp -d /tmp/ct-fidelity.XXXXXX)}
mkdir -p "$OUT"

# ct_one DIR ARGS...: one coldtrace run; prints its record path.
ct_one() {
	local dir=$1 run
	shift
	"$CT" --runs-dir "$dir" --quiet -- "$PY" "$@" >/dev/null 2>"$dir.err" ||
		{ echo "py_fidelity: coldtrace run failed: $*" >&2; cat "$dir.err" >&2; return 1; }
	run=$(sed -n 's/^coldtrace: run directory: //p' "$dir.err" | tail -n 1)
	echo "$run/record.json"
}

workload() {
	local stmt=$1 w i same bare=() cts=()
	w=$OUT/$(echo "$stmt" | tr -c 'a-zA-Z0-9\n' '_')
	mkdir -p "$w"
	echo "== $PY -c '$stmt' ($REPEAT repeats, files in $w)"
	"$PY" -c "$stmt" || return 1           # warm the page cache
	same=$(ct_one "$w/same" -X importtime -c "$stmt") || return 1
	for i in $(seq "$REPEAT"); do
		"$PY" -X importtime -c "$stmt" 2>"$w/bare.$i.txt" >/dev/null || return 1
		bare+=("$w/bare.$i.txt")
		cts+=("$(ct_one "$w/ct.$i" -c "$stmt")") || return 1
	done
	"$PY" "$ROOT/bench/py_fidelity.py" "$same" "${bare[@]}" -- "${cts[@]}"
}

rc=0
for stmt; do
	workload "$stmt" || rc=1
done
"$ROOT/bench/py_getframe.sh" || rc=1
exit $rc
