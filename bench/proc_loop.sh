#!/usr/bin/env bash
# proc_loop.sh -- what a short traced process costs: a bash loop of N
# `/bin/true` (default 200), in alternating rounds (bench/pairs.py): bare,
# under `ct-launch --quiet` (the whole run: launcher, shim, merge), under
# the shim alone (LD_PRELOAD and the launcher's COLDTRACE_SHIM, no
# launcher, no merge), the shim alone with its run directory on tmpfs
# (/dev/shm: the share of the file system's own work, inode creation and
# journalled page writes, in the shim's cost), `strace -f` and
# `LD_DEBUG=libs`; then, from one shim-only loop, the system calls of the
# traced processes (strace -f -c, against bare) and the run directory's
# disk use per process (apparent and allocated, files per process, logs
# in the pack's slots and in files of their own).
#
#   bash bench/proc_loop.sh [ROUNDS [N]]     (default 8, 200; needs `make`)
#   TMPDIR=/dev/shm ...   (run directories on tmpfs instead of the disk)
# Not a test: it prints numbers, it does not judge them.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
rounds=${1:-8}
n=${2:-200}
work=$(mktemp -d "${TMPDIR:-/tmp}/ct-procs.XXXXXX")
shm=$(mktemp -d /dev/shm/ct-procs.XXXXXX)
trap 'rm -rf "$work" "$shm"' EXIT
shim=$root/build/libcoldtrace.so
[ -x "$root/build/ct-launch" ] || { echo "proc_loop: run make first" >&2; exit 2; }
loop="for i in \$(seq $n); do /bin/true; done"
shim=$(realpath "$shim")
shim_env="LD_PRELOAD=$shim COLDTRACE_SHIM=$shim COLDTRACE_RUN_DIR=$work/run COLDTRACE_LAUNCHER=1"

PREP="rm -rf $work/runs $work/run $shm/run; mkdir $work/run $shm/run" python3 "$root/bench/pairs.py" "$rounds" \
	"bare=bash -c '$loop'" \
	"ct-launch=$root/build/ct-launch --quiet --runs-dir $work/runs -- bash -c '$loop'" \
	"shim=$shim_env bash -c '$loop'" \
	"shim-tmpfs=${shim_env/$work/$shm} bash -c '$loop'" \
	"strace=strace -f -o /dev/null bash -c '$loop'" \
	"ld_debug=LD_DEBUG=libs LD_DEBUG_OUTPUT=$work/ldd bash -c '$loop'"

calls() {  # total system calls of the loop's processes, strace -f -c
	strace -f -c -o "$work/sc" env "$@" bash -c "$loop" >/dev/null 2>&1
	awk '$NF == "total" {print $(NF-2)}' "$work/sc"
}
rm -rf "$work/run" && mkdir "$work/run"
b=$(calls)
t=$(calls LD_PRELOAD="$shim" COLDTRACE_SHIM="$shim" COLDTRACE_RUN_DIR="$work/run" COLDTRACE_LAUNCHER=1)
echo "system calls per iteration (strace -f -c): bare $(( b / n )), traced $(( t / n ))"
rm -rf "$work/run" && mkdir "$work/run"
env LD_PRELOAD="$shim" COLDTRACE_RUN_DIR="$work/run" COLDTRACE_LAUNCHER=1 bash -c "$loop"
files=$(find "$work/run" -type f | wc -l)
slots=$(python3 -c 'import struct, sys
try: print(struct.unpack_from("<I", open(sys.argv[1], "rb").read(16), 12)[0])
except OSError: print(0)' "$work/run/images.ctpack")
logs=$(( $(find "$work/run" -name '*.ctlog' | wc -l) + slots ))
app=$(du -s --apparent-size -B1 "$work/run" | cut -f1)
alloc=$(du -s -B1 "$work/run" | cut -f1)
echo "run directory per iteration: $(( files / n )).$(( files * 10 / n % 10 )) files" \
     "($(( logs )) logs for $n iterations, $slots of them in the pack), $(( app / n / 1024 )) KiB apparent," \
     "$(( alloc / n / 1024 )) KiB allocated"
