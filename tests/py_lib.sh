# py_lib.sh -- helpers for the Python-view cases (tests/cases/py_*.sh),
# sourced after tests/lib.sh.

# The interpreters of the version matrix that exist on this machine.
py_matrix() {
	local p
	for p in /root/.pyenv/versions/3.{8,9,10,11,12,13}*/bin/python /usr/bin/python3; do
		[ -x "$p" ] && echo "$p"
	done
}

py_old() {
	local p
	for p in /root/.pyenv/versions/{2.7,3.6,3.7}*/bin/python; do
		[ -x "$p" ] && echo "$p"
	done
}

# py_json EXPR...: assertions over the last record's Python view (see
# tests/py_check.py for the names in scope).
py_json() {
	[ -f "$RUN/record.json" ] || ct_fail "no record.json in '$RUN'"
	"$PY" "$CT_ROOT/tests/py_check.py" "$RUN/record.json" "$@" ||
		ct_fail "record.json assertion failed (see above)"
}

# py_same_stderr: stderr under coldtrace equals bare stderr.
py_same_stderr() {
	cmp "$TMP/bare.err" "$RUN/stderr.log" || ct_fail "stderr differs under coldtrace"
}
