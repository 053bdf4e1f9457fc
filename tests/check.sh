#!/bin/bash
# check.sh -- `make check`: the CLI rebuilt with ASan+UBSan and the test
# cases run against it, then every tests/unit/*.sh (unit tests that link
# the preload core into a normal test binary under the same sanitizers),
# then the shim cases (shim_*) against the clang build of everything
# (CT_CLANG_BIN, `make clang`), then `make fuzz` (each libFuzzer harness of
# tests/fuzz/ for FUZZ_TIME s).
#
# The injected libcoldtrace.so stays unsanitised (a sanitiser runtime cannot
# be preloaded into arbitrary programs).  Never: a sanitiser report that
# does not fail the check (halt_on_error, distinct exit codes).
set -u
CT_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
export CT_ROOT
# The flags and the sanitised CLI come from the Makefile (make check), never
# a copy of them here.
if [ -z "${CT_SAN_BIN:-}" ]; then
	exec make -s -C "$CT_ROOT" check T="$*"
fi
export CT_SAN_FLAGS CT_UNIT_FLAGS   # for tests/unit/*.sh
export ASAN_OPTIONS=${ASAN_OPTIONS:-halt_on_error=1:detect_leaks=1:exitcode=86:verify_asan_link_order=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1:exitcode=87}
BIN=$CT_ROOT/$CT_SAN_BIN

# The sanitised CLI next to the (unsanitised) shim it starts.
ct_link_shim() {
	ln -sf coldtrace "$BIN/ct-launch"
	ln -sf ../libcoldtrace.so "$BIN/libcoldtrace.so"
	ln -sf ../libcoldtrace-audit.so "$BIN/libcoldtrace-audit.so"
}

# Runs tests/unit/*.sh, each within 10 minutes (a hang fails); prints their
# verdicts; returns the number failed.
ct_unit_tests() {
	local f failed=0 passed=0
	for f in "$CT_ROOT"/tests/unit/*.sh; do
		[ -f "$f" ] || continue
		if (cd "$CT_ROOT" && timeout -k 10 600 bash "$f"); then
			echo "PASS unit/$(basename "$f" .sh)"
			passed=$((passed + 1))
		else
			echo "FAIL unit/$(basename "$f" .sh)"
			failed=$((failed + 1))
		fi
	done
	echo "unit: $passed passed, $failed failed"
	return $failed
}

main() {
	local rc=0
	cd "$CT_ROOT" || exit 1
	ct_link_shim
	echo "== test cases against the sanitised CLI"
	CT_BIN_DIR=$BIN bash tests/run.sh "$@" || rc=1
	echo "== unit tests"
	ct_unit_tests || rc=1
	echo "== shim cases against the clang build"
	CT_BIN_DIR=$CT_ROOT/${CT_CLANG_BIN:-build/clang} bash tests/run.sh 'shim_*' || rc=1
	echo "== fuzzers"
	make -s fuzz || rc=1
	[ $rc -eq 0 ] && echo "check: passed" || echo "check: FAILED"
	return $rc
}

main "$@"
