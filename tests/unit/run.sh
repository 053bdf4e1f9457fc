#!/bin/bash
# run.sh -- `make unit`: builds and runs every tests/unit/*.sh (unit tests
# that link the preload core or a CLI module into a normal test binary
# under the sanitizers), each within 10 minutes (a hang fails); prints a
# verdict per test and ends with "N passed, N failed".
#   run.sh [NAME...]    (NAME: log_roundtrip, symtab, ...; default all)
# The flags come from the Makefile (CT_SAN_FLAGS, CT_UNIT_FLAGS), never a
# copy of them here.  Never: a failed unit test with exit status 0.
set -u
CT_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
export CT_ROOT
: "${CT_SAN_FLAGS:?run through make unit (the sanitizer flags come from the Makefile)}"
: "${CT_UNIT_FLAGS:?run through make unit}"
export CT_SAN_FLAGS CT_UNIT_FLAGS
export ASAN_OPTIONS=${ASAN_OPTIONS:-halt_on_error=1:detect_leaks=1:exitcode=86:verify_asan_link_order=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1:exitcode=87}
passed=0 failed=0
if [ $# -eq 0 ]; then
	set -- "$CT_ROOT"/tests/unit/*.sh
fi
for f; do
	f=$CT_ROOT/tests/unit/$(basename "$f" .sh).sh
	name=$(basename "$f" .sh)
	[ "$name" = run ] && continue
	if [ ! -f "$f" ]; then
		echo "FAIL unit/$name: no such unit test"
		failed=$((failed + 1))
	elif (cd "$CT_ROOT" && timeout -k 10 600 bash "$f"); then
		echo "PASS unit/$name"
		passed=$((passed + 1))
	else
		echo "FAIL unit/$name"
		failed=$((failed + 1))
	fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
