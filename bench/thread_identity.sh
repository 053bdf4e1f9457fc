#!/usr/bin/env bash
# thread_identity.sh -- what finding out who a Python thread is costs, in
# instructions (valgrind --tool=callgrind), on each Python of the matrix:
# a program starts and joins N threading.Thread's; callgrind's inclusive
# count of pyhook's reader (ct_pyhook_thread_start on 3.8 to 3.11, called
# by the shim's pthread_create; ct_thread_text on 3.12 and later, called
# by the audit hook) is divided by N, and set against what one thread
# start costs the program bare ((bare run of N threads - bare run of 0) / N).
#
#   bash bench/thread_identity.sh [N]       (default 50; make first)
#   SHIM=/path/libcoldtrace.so bash bench/thread_identity.sh   (another build)
#   PYS="/usr/bin/python3" bash bench/thread_identity.sh       (other Pythons)
#
# Not a test: it prints numbers, it does not judge them.  Instruction
# counts do not depend on the machine's load.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
n=${1:-50}
shim=${SHIM:-$root/build/libcoldtrace.so}
[ -f "$shim" ] || { echo "thread_identity: run make first" >&2; exit 2; }
pys=${PYS:-$(ls -d /root/.pyenv/versions/3.{8,9,10,11,12,13}*/bin/python /usr/bin/python3 2>/dev/null)}
work=$(mktemp -d "${TMPDIR:-/tmp}/ct-thread_identity.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
prog='import sys, threading
def work(): pass
for i in range(int(sys.argv[1])):
    t = threading.Thread(target=work, name="w%d" % i); t.start(); t.join()'

# total PY COUNT [ENV...]: callgrind's total; the output stays in $work/cg.out
total() {
	local py=$1 count=$2
	shift 2
	rm -rf "$work/run" && mkdir -p "$work/run"
	env PYTHONHASHSEED=0 "$@" setarch -R valgrind --tool=callgrind \
		--callgrind-out-file="$work/cg.out" "$py" -c "$prog" "$count" \
		>/dev/null 2>"$work/cg.err" ||
		{ echo "thread_identity: $py failed" >&2; cat "$work/cg.err" >&2; exit 1; }
	sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$work/cg.err"
}

# inclusive FN: the function's inclusive instructions in $work/cg.out
inclusive() {
	callgrind_annotate --inclusive=yes --threshold=100 "$work/cg.out" 2>/dev/null |
		awk -v fn="$1" '$0 ~ ":" fn " " || $0 ~ ":" fn "$" { gsub(",", "", $1); print $1; exit }'
}

printf "%-40s %12s %14s %8s\n" "python ($n thread starts)" "start, bare" "identity, each" "share"
for py in $pys; do
	b0=$(total "$py" 0)
	bn=$(total "$py" "$n")
	total "$py" "$n" LD_PRELOAD="$shim" COLDTRACE_RUN_DIR="$work/run" COLDTRACE_LAUNCHER=1 >/dev/null
	fn=ct_pyhook_thread_start
	"$py" -c 'import sys; sys.exit(sys.version_info < (3, 12))' && fn=ct_thread_text
	inc=$(inclusive "$fn")
	"$py" - "$py" "$b0" "$bn" "${inc:-0}" "$n" "$fn" <<'PYEOF'
import sys
py, b0, bn, inc, n, fn = sys.argv[1], *map(int, sys.argv[2:6]), sys.argv[6]
start = (bn - b0) / n
print("%-40s %12.0f %14.0f %7.2f%%  (%s)" % (py, start, inc / n, 100 * inc / n / start, fn))
PYEOF
done
