# py_thread_names -- a Python thread in threads[] by its name, its target
# and the line that started it (the _thread start audit event, Python
# 3.12 and later; null on older ones), and the report says the same.
source "$CT_ROOT/tests/py_lib.sh"
fix=$CT_ROOT/tests/fixtures/py_thread_names.py
n=0
for p in $(py_matrix); do
	v=$("$p" -c 'import sys; print(sys.version_info >= (3, 12))')
	ct_compare "$p" "$fix"
	if [ "$v" = False ]; then
		ct_json "all(t['py_name'] is None and t['py_started_at'] is None for t in r['processes'][0]['threads'])"
		continue
	fi
	n=$((n + 1))
	ct_json "[(t['py_name'], t['py_target'], t['py_started_at']) for t in r['processes'][0]['threads'][1:]] == [('loader-1', 'work', '$fix:7'), ('mine', 'Mine.run', '$fix:8'), (None, 'work', '$fix:9')]" \
		"r['processes'][0]['threads'][0]['py_name'] is None"
	"$COLDTRACE" report "$RUN" >"$TMP/report.txt" || ct_fail "report failed"
	grep -q "at loader-1 work" "$TMP/report.txt" || ct_fail "the report does not name thread loader-1"
	tr -d '\n' <"$TMP/report.txt" | grep -q "started at *$fix:7" || ct_fail "the report does not say where loader-1 started"
done
[ "$n" -gt 0 ] || ct_skip "no Python 3.12 or later here"
