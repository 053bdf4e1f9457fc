#!/bin/bash
# py_getframe.sh -- ns added per sys._getframe() call by the Python view
# (budget: 150 ns), bare vs coldtrace, median of 5 runs, on /usr/bin/python3
# and the newest pyenv CPython.  Exit 1 when over budget.
set -u
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CT=$ROOT/build/ct-launch
BUDGET=150
TMPD=$(mktemp -d /tmp/ct-getframe.XXXXXX)
trap 'rm -rf "$TMPD"' EXIT

median() { sort -n | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }

one() {
	local py=$1 i bare ct added
	for i in 1 2 3 4 5; do
		"$py" "$ROOT/bench/py_getframe.py"
	done | median >"$TMPD/bare"
	for i in 1 2 3 4 5; do
		"$CT" --runs-dir "$TMPD/runs" -- "$py" "$ROOT/bench/py_getframe.py" 2>/dev/null
	done | median >"$TMPD/ct"
	bare=$(cat "$TMPD/bare")
	ct=$(cat "$TMPD/ct")
	added=$(awk -v a="$ct" -v b="$bare" 'BEGIN {printf "%.1f", a - b}')
	echo "sys._getframe(): $py bare $bare ns, coldtrace $ct ns, added $added ns (budget $BUDGET)"
	awk -v a="$added" -v b="$BUDGET" 'BEGIN {exit !(a <= b)}'
}

rc=0
for py in /usr/bin/python3 $(ls -d /root/.pyenv/versions/3.1[0-9]*/bin/python 2>/dev/null | sort -V | tail -n 1); do
	one "$py" || rc=1
done
exit $rc
