#!/bin/bash
# check.sh -- `make check`: the CLI rebuilt with ASan+UBSan and the test
# cases run against it, then every tests/unit/*.sh (unit tests that link
# the preload core into a normal test binary under the same sanitizers).
#
# The injected libcoldtrace.so stays unsanitised (a sanitiser runtime cannot
# be preloaded into arbitrary programs).  Never: a sanitiser report that
# does not fail the check (halt_on_error, distinct exit codes).
set -u
CT_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
export CT_ROOT
OUT=$CT_ROOT/tests/out/check
CC=${CC:-cc}
CT_SAN_FLAGS="-O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all"
export CT_SAN_FLAGS   # for tests/unit/*.sh
export ASAN_OPTIONS=${ASAN_OPTIONS:-halt_on_error=1:detect_leaks=1:exitcode=86:verify_asan_link_order=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1:exitcode=87}

ct_build_cli() {
	local warn="-Wall -Wextra -Wshadow -Wformat=2 -Wstrict-prototypes -Wmissing-prototypes"
	mkdir -p "$OUT"
	echo "  CCLD  tests/out/check/coldtrace (ASan+UBSan)"
	# shellcheck disable=SC2046,SC2086
	$CC -std=gnu11 $warn -D_GNU_SOURCE -Icommon $CT_SAN_FLAGS $(pkg-config --cflags libcjson) \
		-o "$OUT/coldtrace" launcher/*.c $(ls common/*.c 2>/dev/null) \
		$(pkg-config --libs libcjson) -lm || return 1
	ln -sf coldtrace "$OUT/ct-launch"
	ln -sf "$CT_ROOT/build/libcoldtrace.so" "$OUT/libcoldtrace.so"
	ln -sf "$CT_ROOT/build/libcoldtrace-pyhook.so" "$OUT/libcoldtrace-pyhook.so"
	ln -sf "$CT_ROOT/build/libcoldtrace-audit.so" "$OUT/libcoldtrace-audit.so"
}

# Runs tests/unit/*.sh; prints their verdicts; returns the number failed.
ct_unit_tests() {
	local f failed=0 passed=0
	for f in "$CT_ROOT"/tests/unit/*.sh; do
		[ -f "$f" ] || continue
		if (cd "$CT_ROOT" && bash "$f"); then
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
	make -s all || { echo "check: make failed"; exit 1; }
	ct_build_cli || { echo "check: sanitised build failed"; exit 1; }
	echo "== test cases against the sanitised CLI"
	CT_BIN_DIR=$OUT bash tests/run.sh "$@" || rc=1
	echo "== unit tests"
	ct_unit_tests || rc=1
	[ $rc -eq 0 ] && echo "check: passed" || echo "check: FAILED"
	return $rc
}

main "$@"
