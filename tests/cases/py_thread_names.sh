# py_thread_names -- a Python thread in threads[] by its name, its target
# and the line that started it, on every Python of the matrix (3.8 to
# 3.13: the _thread start audit event from 3.12 on, pyhook's own
# coldtrace.python_thread record before), and the report says the same.
# A thread started by _thread directly has no target before 3.12 (no
# frame shows its function).
source "$CT_ROOT/tests/py_lib.sh"
fix=$CT_ROOT/tests/fixtures/py_thread_names.py
n=0
for p in $(py_matrix); do
	raw=$("$p" -c 'import sys; print(repr("work") if sys.version_info >= (3, 12) else None)')
	ct_compare "$p" "$fix"
	n=$((n + 1))
	ct_json "[(t['py_name'], t['py_target'], t['py_started_at']) for t in r['processes'][0]['threads'][1:]] == [('loader-1', 'work', '$fix:7'), ('mine', 'Mine.run', '$fix:8'), (None, $raw, '$fix:9')]" \
		"r['processes'][0]['threads'][0]['py_name'] is None"
	"$COLDTRACE" report "$RUN" >"$TMP/report.txt" || ct_fail "report failed"
	grep -q "at loader-1 work" "$TMP/report.txt" || ct_fail "the report does not name thread loader-1 ($p)"
	tr -d '\n' <"$TMP/report.txt" | grep -q "started *at *$fix:7" || ct_fail "the report does not say where loader-1 started ($p)"
done
[ "$n" -gt 0 ] || ct_skip "no Python 3.8 or later here"
