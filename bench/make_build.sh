#!/usr/bin/env bash
# make_build.sh -- what tracing costs a build: `make -jJOBS` of N small C
# files (default 41, -j2) made from scratch each run (`make -B`), in
# alternating rounds (bench/pairs.py): bare, under `ct-launch --quiet`
# (launcher, shim, merge), `strace -f` and `LD_DEBUG=libs`; then the
# number of process images one traced build records.
#
#   bash bench/make_build.sh [ROUNDS [N [JOBS]]]   (default 8, 41, 2; needs `make`)
#   TMPDIR=/dev/shm ...   (run directories on tmpfs instead of the disk)
# Not a test: it prints numbers, it does not judge them.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
rounds=${1:-8}
n=${2:-41}
jobs=${3:-2}
work=$(mktemp -d "${TMPDIR:-/tmp}/ct-make.XXXXXX")
trap 'rm -rf "$work"' EXIT
[ -x "$root/build/ct-launch" ] || { echo "make_build: run make first" >&2; exit 2; }

# The tree: N files of a few functions each, and one that links them.
mkdir "$work/src"
for i in $(seq "$n"); do
	printf '#include <stdio.h>\nint f%d(int x) { return x * %d + (int)sizeof(FILE); }\n' \
		"$i" "$i" >"$work/src/f$i.c"
done
printf 'int main(void) { return 0; }\n' >"$work/src/main.c"
printf 'OBJS := $(patsubst %%.c,%%.o,$(wildcard *.c))\nprog: $(OBJS)\n\t$(CC) -o $@ $^\n%%.o: %%.c\n\t$(CC) -O1 -c -o $@ $<\n' \
	>"$work/src/Makefile"
build="make -s -B -j$jobs -C $work/src"

PREP="rm -rf $work/runs" python3 "$root/bench/pairs.py" "$rounds" \
	"bare=$build" \
	"ct-launch=$root/build/ct-launch --quiet --runs-dir $work/runs -- $build" \
	"strace=strace -f -o /dev/null $build" \
	"ld_debug=LD_DEBUG=libs LD_DEBUG_OUTPUT=$work/ldd $build"

rm -rf "$work/runs"
"$root/build/ct-launch" --quiet --runs-dir "$work/runs" -- $build
rec=$(ls -d "$work"/runs/*/record.json)
python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); print("process images in one traced build:", len(r["processes"]))' "$rec"
