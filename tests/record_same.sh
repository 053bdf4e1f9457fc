#!/bin/bash
# record_same.sh -- the merger of two builds writes the same record.json
# for the same logs: a change meant to keep behaviour (a refactor) is
# checked against the build before it.
#   bash tests/record_same.sh BASE_BIN_DIR [NEW_BIN_DIR]    (NEW: build/)
# Traces a few workloads (a Python import, threads and children, a C
# program's links and stats, --loader) once with each build's launcher, then
# merges every run's logs again with both mergers (`coldtrace merge`) and
# compares the records byte for byte.  Ends with "N passed, N failed".
set -u
CT_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
base=$(cd "$1" && pwd) new=$(cd "${2:-$CT_ROOT/build}" && pwd)
out=$CT_ROOT/tests/out/record_same
rm -rf "$out" && mkdir -p "$out"
cc -O1 -o "$out/links" "$CT_ROOT/tests/fixtures/links.c" || exit 1
cc -O1 -o "$out/procs" "$CT_ROOT/tests/fixtures/procs.c" -lpthread || exit 1
workloads=("/usr/bin/python3 -c 'import json, ctypes'"
	"/usr/bin/python3 -c 'import threading, subprocess; subprocess.run([\"true\"])'"
	"$out/links" "$out/procs" "--loader /usr/bin/python3 -c 'import _lzma'")
passed=0 failed=0
# merged DIR BIN NAME: DIR's logs merged again by BIN's merger, its record as NAME
merged() {
	rm -rf "$out/m" && cp -r "$1" "$out/m"
	"$2/coldtrace" merge "$out/m" >/dev/null 2>&1 && cp "$out/m/record.json" "$out/$3"
}
i=0
for w in "${workloads[@]}"; do
	for tracer in "$base" "$new"; do
		i=$((i + 1))
		eval "\"$tracer/ct-launch\" --quiet --runs-dir \"$out/runs$i\" $w" >/dev/null 2>&1
		run=$(ls -d "$out/runs$i"/*/ | head -n 1)
		merged "$run" "$base" "base$i.json"
		merged "$run" "$new" "new$i.json"
		if [ -s "$out/base$i.json" ] && cmp -s "$out/base$i.json" "$out/new$i.json"; then
			echo "PASS $i: $w (traced by $(basename "$(dirname "$tracer")")/$(basename "$tracer"))"
			passed=$((passed + 1))
		else
			echo "FAIL $i: $w"
			diff "$out/base$i.json" "$out/new$i.json" | head -n 20
			failed=$((failed + 1))
		fi
	done
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
