#!/bin/bash
# check.sh -- `make check`: the CLI rebuilt with ASan+UBSan and the test
# cases run against it (among them unit_tests, every tests/unit/*.sh under
# the same sanitizers, and fuzz_short), then the shim cases (shim_*) against
# the clang build of everything (CT_CLANG_BIN, `make clang`), then `make
# fuzz` (each libFuzzer harness of tests/fuzz/ for FUZZ_TIME s).
#
# The injected libcoldtrace.so stays unsanitised (a sanitiser runtime cannot
# be preloaded into arbitrary programs).  Never: a sanitiser report that
# does not fail the check (halt_on_error, distinct exit codes).
set -u
CT_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
export CT_ROOT
# The sanitised CLI comes from the Makefile (make check), never a copy of
# its flags here.
if [ -z "${CT_SAN_BIN:-}" ]; then
	exec make -s -C "$CT_ROOT" check T="$*"
fi
export ASAN_OPTIONS=${ASAN_OPTIONS:-halt_on_error=1:detect_leaks=1:exitcode=86:verify_asan_link_order=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1:exitcode=87}
BIN=$CT_ROOT/$CT_SAN_BIN

# The sanitised CLI next to the (unsanitised) shim it starts.
ct_link_shim() {
	ln -sf coldtrace "$BIN/ct-launch"
	ln -sf ../libcoldtrace.so "$BIN/libcoldtrace.so"
	ln -sf ../libcoldtrace-audit.so "$BIN/libcoldtrace-audit.so"
}

main() {
	local rc=0
	cd "$CT_ROOT" || exit 1
	ct_link_shim
	echo "== test cases against the sanitised CLI"
	CT_BIN_DIR=$BIN bash tests/run.sh "$@" || rc=1
	echo "== shim cases against the clang build"
	CT_BIN_DIR=$CT_ROOT/${CT_CLANG_BIN:-build/clang} bash tests/run.sh 'shim_*' || rc=1
	echo "== fuzzers"
	make -s fuzz || rc=1
	[ $rc -eq 0 ] && echo "check: passed" || echo "check: FAILED"
	return $rc
}

main "$@"
