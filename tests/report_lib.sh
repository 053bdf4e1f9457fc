# report_lib.sh -- helpers for the report_* and export_* cases (sourced
# after tests/lib.sh).  Never: a check that passes on an empty report.

CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}

# ct_need_cuda: skips the case (77) without the toolkit's runtime and stub.
ct_need_cuda() {
	[ -f "$CUDA_HOME/lib64/libcudart.so" ] && [ -f "$CUDA_HOME/lib64/stubs/libcuda.so" ] &&
		[ -f "$CUDA_HOME/include/cuda_runtime_api.h" ] ||
		ct_skip "no CUDA toolkit at $CUDA_HOME (libcudart.so, stubs/libcuda.so, headers)"
}

# ct_cuda_fixture: builds tests/fixtures/cuda_count.c against the toolkit.
ct_cuda_fixture() {
	ct_fixture cuda_count "" -I"$CUDA_HOME/include" -L"$CUDA_HOME/lib64" -lcudart \
		-Wl,-rpath,"$CUDA_HOME/lib64"
}

# ct_report ARGS...: coldtrace report on $RUN; stdout in $TMP/rep.out,
# stderr in $TMP/rep.err; fails on a non-zero status.
ct_report() {
	"$COLDTRACE" report "$@" "$RUN" >"$TMP/rep.out" 2>"$TMP/rep.err" ||
		{ cat "$TMP/rep.err"; ct_fail "coldtrace report $* failed"; }
	[ -s "$TMP/rep.out" ] || ct_fail "coldtrace report $* printed nothing"
}

# ct_rjson EXPR...: each Python expression must be true of `report --json`
# output (bound to j).
ct_rjson() {
	"$COLDTRACE" report --json "$RUN" >"$TMP/rep.json" || ct_fail "report --json failed"
	ct_jtrue "$TMP/rep.json" j "report --json" "$@"
}

# ct_has FILE TEXT: FILE contains TEXT (fixed string).
ct_has() {
	grep -qF -- "$2" "$1" || { cat "$1"; ct_fail "'$2' missing from $(basename "$1")"; }
}

# ct_width FILE: no line wider than 100 columns (but the copyable
# "full report: coldtrace report PATH" line), no escape codes.
ct_width() {
	local w
	w=$(awk '!/^full report: / { if (length($0) > m) m = length($0) } END { print m + 0 }' "$1")
	[ "$w" -le 100 ] || { awk 'length($0) > 100' "$1"; ct_fail "$(basename "$1"): line of $w columns"; }
	! grep -q $'\033' "$1" || ct_fail "$(basename "$1"): colour codes in piped output"
}

# ct_bad WHAT LINES CMD...: status 2, exactly LINES stderr lines, each with
# the prefix (a usage error has two: the message, then a correct example),
# no stdout.
ct_bad() {
	local what=$1 lines=$2
	shift 2
	"$@" >"$TMP/bad.out" 2>"$TMP/bad.err"
	ct_eq "$?" 2 "status for $what"
	[ ! -s "$TMP/bad.out" ] || ct_fail "$what: output on stdout"
	ct_lines "$TMP/bad.err" $lines "stderr for $what"
	[ "$(grep -c '^coldtrace: ' "$TMP/bad.err")" = $lines ] ||
		ct_fail "$what: message without prefix: $(cat "$TMP/bad.err")"
	echo "$what -> $(head -n 1 "$TMP/bad.err")"
}
