#!/usr/bin/env bash
# merge_scale.sh -- how `coldtrace merge` scales with the number of process
# images in a run: for each size, a crafted run directory of a shell loop
# (tests/ctlog_write.py's shell_loop: the shell, and per iteration a fork
# child ended by its exec and the /bin/true it exec'd, each with its exit
# snapshot files), merged ROUNDS times (each the first merge: no
# record.json to read back).  Prints per size the best wall
# time, the peak RSS of that best run and the record's size.
#
#   bash bench/merge_scale.sh [SIZES [ROUNDS]]   ("200 2000 20000", 3)
#   COLDTRACE=/path/to/coldtrace ...   (another build, e.g. of main)
#   TMPDIR=/dev/shm ...                (run directories on tmpfs)
# Not a test: it prints numbers, it does not judge them.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
sizes=${1:-200 2000 20000}
rounds=${2:-3}
ct=${COLDTRACE:-$root/build/coldtrace}
work=$(mktemp -d "${TMPDIR:-/tmp}/ct-mscale.XXXXXX")
trap 'rm -rf "$work"' EXIT
[ -x "$ct" ] || { echo "merge_scale: no $ct (make first)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "merge_scale: needs GNU time (/usr/bin/time)" >&2; exit 2; }

printf '%8s %10s %14s %12s\n' images best_s peak_rss_MiB record_MiB
for size in $sizes; do
	rm -rf "$work/run" && mkdir "$work/run"
	python3 - "$root/tests" "$work/run" "$size" <<'PYEOF' || exit 2
import sys
sys.path.insert(0, sys.argv[1])
import ctlog_write
ctlog_write.shell_loop(sys.argv[2], max(1, int(sys.argv[3]) // 2))
PYEOF
	n=$(ls "$work/run" | grep -c '\.ctlog$')
	best=
	for _ in $(seq "$rounds"); do
		rm -f "$work/run/record.json"   # a merge again would parse it first
		/usr/bin/time -f '%e %M' -o "$work/time" "$ct" merge "$work/run" >/dev/null 2>&1 ||
			{ echo "merge_scale: merge of $n images failed" >&2; exit 1; }
		read -r s kib <"$work/time"
		if [ -z "$best" ] || awk "BEGIN { exit !($s < $best) }"; then
			best=$s best_kib=$kib
		fi
	done
	printf '%8d %10.2f %14.1f %12.1f\n' "$n" "$best" "$(awk "BEGIN { print $best_kib / 1024 }")" \
		"$(awk "BEGIN { print $(stat -c %s "$work/run/record.json") / 1048576 }")"
done
