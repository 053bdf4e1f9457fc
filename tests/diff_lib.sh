# diff_lib.sh -- helpers for the `coldtrace diff` cases (tests/cases/diff_*.sh).
source "$CT_ROOT/tests/report_lib.sh"

# ct_difflib DIR ANSWER: builds DIR/libctdiff.so.1 (soname libctdiff.so.1).
ct_difflib() {
	mkdir -p "$1" && cc -shared -fPIC -DANSWER="$2" -Wl,-soname,libctdiff.so.1 \
		-o "$1/libctdiff.so.1" "$CT_ROOT/tests/fixtures/diff_lib.c" ||
		ct_fail "cannot build $1/libctdiff.so.1"
}

# ct_diff NAME ARGS...: coldtrace diff ARGS, text to $TMP/NAME.txt and
# --json to $TMP/NAME.json; DIFF_STATUS: the text run's exit status (the
# JSON run must end with the same one).
ct_diff() {
	local name=$1 st
	shift
	"$COLDTRACE" diff "$@" >"$TMP/$name.txt" 2>"$TMP/$name.err"
	DIFF_STATUS=$?
	"$COLDTRACE" diff --json "$@" >"$TMP/$name.json" 2>>"$TMP/$name.err"
	st=$?
	ct_eq "$st" "$DIFF_STATUS" "status of diff --json vs text ($name)"
	echo "diff $* -> status $DIFF_STATUS"
}

# ct_djson NAME EXPR...: each Python expression is true of $TMP/NAME.json (bound to d).
ct_djson() {
	local name=$1
	shift
	ct_jtrue "$TMP/$name.json" d "diff JSON" "$@"
}

# ct_py_diff NAME CODE_A CODE_B: `$PY -c CODE_A` and `$PY -c CODE_B`, each
# run bare and under coldtrace (ct_compare; their run directories in A and
# B), then ct_diff NAME "$A" "$B".
ct_py_diff() {
	ct_compare "$PY" -c "$2"
	A=$RUN
	ct_compare "$PY" -c "$3"
	B=$RUN
	ct_diff "$1" "$A" "$B"
}
