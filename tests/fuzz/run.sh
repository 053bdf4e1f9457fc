#!/bin/bash
# run.sh -- `make fuzz`: each fuzzer for SECONDS, from its seed corpus
# tests/fuzz/corpus/<name>/ (read only: new inputs go to tests/out/fuzz/).
#   run.sh SECONDS BIN...
# A crash, leak, sanitizer report or timeout leaves its input in
# tests/out/fuzz/ and fails the run.  Ends with "N passed, N failed".
set -u
CT_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
secs=$1
shift
out=$CT_ROOT/tests/out/fuzz
passed=0 failed=0
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
for bin; do
	name=$(basename "$bin")
	mkdir -p "$out/$name.corpus"
	if "$bin" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -close_fd_mask=3 \
		-artifact_prefix="$out/$name-" "$out/$name.corpus" "$CT_ROOT/tests/fuzz/corpus/$name" \
		>"$out/$name.log" 2>&1; then
		echo "PASS fuzz/$name ($(sed -n 's/^Done \([0-9]*\) runs.*/\1/p' "$out/$name.log") inputs in $secs s)"
		passed=$((passed + 1))
	else
		tail -n 30 "$out/$name.log"
		echo "FAIL fuzz/$name (log: $out/$name.log)"
		failed=$((failed + 1))
	fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
