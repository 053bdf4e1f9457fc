#!/usr/bin/env bash
# torch_import.sh -- what coldtrace costs `import torch` (Debian's
# python3-torch, or any PY=... CODE=...): alternating rounds of bare;
# CPython's audit-hook floor (bench/audit_floor.c's C no-op hook: what any
# audit hook costs, coldtrace's included); that floor and LD_PRELOAD's own
# (an empty preloaded object, bench/empty_preload.c: every symbol lookup
# the executable does not satisfy passes it); the traced process alone
# (LD_PRELOAD of the shim: no launcher, no merge); ct-launch --quiet
# (everything on, the record merged). Ratios to bare per round, median,
# 95% interval and min-max, of wall, CPU and minor faults
# (bench/pairs.py); then, where launch ran, what ct-launch adds inside
# each run (bench/launch_share.py). On a shared machine trust CPU over
# wall.  Every kind
# imports the floor's module first (off the path again before CODE runs),
# so that the kinds differ only by the hooks.
#
#   bash bench/torch_import.sh [ROUNDS]    (default 10; make first)
#   PY=/venv/bin/python CODE='import torch' bash bench/torch_import.sh
#   KINDS='traced launch' bash bench/torch_import.sh 40   (bare and these
#                          only: more rounds in the same time)
# Not a test: it prints numbers, it does not judge them.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
rounds=${1:-10}
py=${PY:-/usr/bin/python3}
code=${CODE:-import torch}
shim=${SHIM:-$root/build/libcoldtrace.so}
[ -x "$root/build/ct-launch" ] || { echo "torch_import: run make first" >&2; exit 2; }
source "$root/bench/floors.sh"
ct_floors_work "$py" torch_import
pre="import sys; sys.path.append('$work'); import ct_floor; sys.path.pop(); "
cmd="$(printf '%q -c %q' "$py" "$pre$code")"
echo "$code ($py):"
kinds=("bare=$cmd"
	"floor=CT_FLOOR=1 $cmd"
	"preload=CT_FLOOR=1 LD_PRELOAD=$work/libempty.so $cmd"
	"traced=LD_PRELOAD=$shim COLDTRACE_RUN_DIR=$work/r COLDTRACE_LAUNCHER=1 $cmd"
	"launch=$root/build/ct-launch --quiet --runs-dir $work/l -- $cmd")
picked=("${kinds[0]}")
for k in "${kinds[@]:1}"; do
	case " ${KINDS:-floor preload traced launch} " in *" ${k%%=*} "*) picked+=("$k") ;; esac
done
PREP="rm -rf $work/r $work/l && mkdir $work/r" python3 "$root/bench/pairs.py" "$rounds" "${picked[@]}" || exit
case " ${picked[*]%%=*} " in *" launch "*) ;; *) exit 0 ;; esac
command -v strace >/dev/null || { echo "torch_import: no strace: launch_share.py skipped"; exit 0; }
# shellcheck disable=SC2086  # cmd is a quoted command line
eval "set -- $cmd"
python3 "$root/bench/launch_share.py" "$rounds" "$root/build/ct-launch" "$work/s" "$@"
