#!/bin/bash
# py_fidelity.sh -- does coldtrace's import timeline agree with
# `python -X importtime`?  For each workload (default: import torch, import
# numpy on /usr/bin/python3): REPEAT coldtrace runs of `python -X importtime
# -c STATEMENT`, so CPython's table and imports[] measure the same process:
# module sets and parents must be equal, the top 20 by median self time the
# same modules, the median totals within 5%.  Bare `-X importtime` runs,
# alternating with them, show what coldtrace itself adds.  Then the cost of
# sys._getframe() (bench/py_getframe.sh).
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
	local stmt=$1 w i same=() bare=()
	w=$OUT/$(echo "$stmt" | tr -c 'a-zA-Z0-9\n' '_')
	mkdir -p "$w"
	echo "== $PY -c '$stmt' ($REPEAT repeats, files in $w)"
	"$PY" -c "$stmt" || return 1           # warm the page cache
	for i in $(seq "$REPEAT"); do
		"$PY" -X importtime -c "$stmt" 2>"$w/bare.$i.txt" >/dev/null || return 1
		bare+=("$w/bare.$i.txt")
		same+=("$(ct_one "$w/ct.$i" -X importtime -c "$stmt")") || return 1
	done
	"$PY" "$ROOT/bench/py_fidelity.py" "${same[@]}" -- "${bare[@]}"
}

rc=0
for stmt; do
	workload "$stmt" || rc=1
done
"$ROOT/bench/py_getframe.sh" || rc=1
exit $rc
