#!/bin/bash
# real_stacks.sh -- does the record agree with the tools people already
# trust, on the stacks they actually run (pip wheels in virtual
# environments)?  For each stack: `LD_DEBUG=libs` (objects initialised),
# `-X importtime` (modules imported by import statements, the same process
# as the record; those importlib asks for itself, `via_importlib`, are
# counted apart: -X importtime does not list them),
# `strace -f -c` (open and stat system calls, the loader's included).
# Prints one table row per check: what coldtrace says, what the reference
# says, and "match", "DIFF" or "info" (counts that measure different
# things: the shim sees calls, strace sees system calls).
#
# usage: bench/real_stacks.sh [-d VENVS] [STACK...]
#   STACK: torch, numpy, cupy (cupy-cuda12x), numba; default all four.
#   Each gets VENVS/STACK (default /tmp/ct-venvs), made with python3 -m venv
#   and pip-installed on first use: large downloads (pip's torch pulls its
#   nvidia-* wheels, several GB).  Not a test, not run by make test.
# Exit status: 0 every check matched, 1 a DIFF, 2 usage / setup error.
set -u
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CT=$ROOT/build/ct-launch
VENVS=/tmp/ct-venvs
while getopts "d:" opt; do
	case $opt in
	d) VENVS=$OPTARG ;;
	*) echo "usage: $0 [-d VENVS] [torch|numpy|cupy|numba...]" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || set -- torch numpy cupy numba
[ -x "$CT" ] || { echo "real_stacks: $CT missing: run make" >&2; exit 2; }
command -v strace >/dev/null || { echo "real_stacks: strace missing (apt-get install strace)" >&2; exit 2; }
OUT=$(mktemp -d /tmp/ct-real-stacks.XXXXXX)

pip_name() { case $1 in cupy) echo cupy-cuda12x ;; *) echo "$1" ;; esac; }

# venv STACK: its python, installing the package on first use.
venv() {
	local dir=$VENVS/$1
	if [ ! -x "$dir/bin/python" ]; then
		/usr/bin/python3 -m venv "$dir" >&2 || return 1
	fi
	"$dir/bin/python" -c "import $1" 2>/dev/null ||
		"$dir/bin/pip" install -q "$(pip_name "$1")" >&2 || return 1
	echo "$dir/bin/python"
}

row() {   # STACK CHECK COLDTRACE REFERENCE VERDICT
	printf '%-6s %-35s %-14s %-14s %s\n' "$@"
}

# compare STACK PYTHON: one row per check.
compare() {
	local s=$1 py=$2 d=$OUT/$1 run
	mkdir -p "$d"
	LD_DEBUG=libs "$py" -c "import $s" 2>&1 >/dev/null | sed -n 's/.*calling init: //p' |
		sort -u >"$d/init.txt"
	strace -f -c -o "$d/strace.txt" "$py" -c "import $s" >/dev/null 2>&1
	"$CT" --runs-dir "$d/runs" --quiet --loader -- "$py" -X importtime -c "import $s" \
		>/dev/null 2>"$d/ct.err"
	run=$(sed -n 's/^coldtrace: run directory: //p' "$d/ct.err" | tail -n 1)
	[ -f "$run/record.json" ] || { echo "real_stacks: no record for $s" >&2; return 1; }
	/usr/bin/python3 - "$run" "$d" "$s" <<'PYEOF'
import json, os, re, sys
run, d, stack = sys.argv[1:4]
r = json.load(open(os.path.join(run, "record.json")))
py = max(r["processes"], key=lambda p: len(p["imports"]))
libs = {l["path"] for l in py["libraries"] if not l["own"] and l["how"] != "mapped-only"}
init = set(open(os.path.join(d, "init.txt")).read().split())
it = set()
for line in open(os.path.join(run, "stderr.log"), errors="replace"):
    m = re.match(r"import time:\s+\d+ \|\s+\d+ \| (\s*)(\S+)", line)
    if m:
        it.add(m.group(2))
imps = {i["module"] for i in py["imports"] if not i.get("via_importlib")}
via = {i["module"] for i in py["imports"] if i.get("via_importlib")}
sc = {}
for line in open(os.path.join(d, "strace.txt")):
    f = line.split()
    if len(f) >= 5 and f[-1].isidentifier() and f[3].isdigit():
        sc[f[-1]] = int(f[3])
calls = py["calls"]
opens = sum(calls.get(k, {}).get("count", 0) for k in ("open", "creat", "fopen", "opendir"))
stats = sum(calls.get(k, {}).get("count", 0) for k in ("stat", "lstat", "fstat", "fstatat", "statx"))
loader = py.get("loader") or {}
def row(check, ours, ref, verdict):
    print(f"{stack}\t{check}\t{ours}\t{ref}\t{verdict}")
row("objects initialised (LD_DEBUG)", len(libs), len(init), "match" if libs == init else "DIFF")
row("modules imported (-X importtime)", len(imps), len(it), "match" if imps == it else "DIFF")
row("via importlib (importtime omits)", len(via), "-", "info")
row("opens: shim + loader tried / openat", opens + loader.get("candidates_tried", 0),
    sc.get("openat", 0) + sc.get("open", 0), "info")
row("stats: shim / stat syscalls", stats,
    sum(v for k, v in sc.items() if "stat" in k), "info")
row("threads", len(py["threads"]), "-", "info")
row("CUDA verdict", r["cuda"]["verdict"], "-", "info")
for p in sorted(libs ^ init):
    print(f"{stack}\t  only in {'record' if p in libs else 'LD_DEBUG'}: {p}\t\t\t")
PYEOF
}

row stack check coldtrace reference verdict
for s in "$@"; do
	py=$(venv "$s") || { echo "real_stacks: cannot set up $s in $VENVS/$s" >&2; exit 2; }
	compare "$s" "$py" | while IFS=$'\t' read -r st check ours ref verdict; do
		row "$st" "$check" "$ours" "$ref" "$verdict"
	done | tee -a "$OUT/table.txt"
done
echo "(artefacts: $OUT)"
! grep -q ' DIFF$' "$OUT/table.txt"
