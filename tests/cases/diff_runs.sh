# diff_runs -- two runs of a fixture that differ (B dlopens a test-built
# library and exits 3), and `import json` vs `import json, sqlite3`: the
# diff names the added library with its requester, the added imports with
# their parent, the changed exit; the text and --json agree; a gate on
# libraries.added fails (1), one on libraries.removed passes (0).
source "$CT_ROOT/tests/diff_lib.sh"
fix=$(ct_fixture diff_fix) || ct_fail "cannot build diff_fix"
d=$(realpath -m "$TMP/lib")
ct_difflib "$d" 1

ct_compare "$fix" - 0 0
A=$RUN
ct_compare "$fix" "$d/libctdiff.so.1" 0 3
B=$RUN
ct_eq "$CT_STATUS" 3 "status of the second fixture"
ct_diff fix "$A" "$B"
ct_eq "$DIFF_STATUS" 0 "diff status without gates"
ct_djson fix "d['schema'] == 'coldtrace.diff.v1'" \
	"[l['key'] for l in d['libraries']['added']] == ['libctdiff.so.1']" \
	"d['libraries']['added'][0]['how'] == 'dlopen'" \
	"d['libraries']['added'][0]['request'] == '$d/libctdiff.so.1'" \
	"d['libraries']['removed'] == []" \
	"d['summary']['sets']['libraries'] == {'added': 1, 'removed': 0, 'moved': 0}" \
	"any(r['what'] == 'command' for r in d['context'])" \
	"[(r['a'], r['b']) for r in d['context'] if r['what'] == 'exit'] == [('code 0', 'code 3')]" \
	"all(m['significant'] is False and m['note'] == 'single runs: not tested' for m in d['headline']['metrics'])" \
	"[c['kind'] for c in d['filesystem']['calls'] if c['kind'] == 'dlopen'] == ['dlopen']"
ct_has "$TMP/fix.txt" "libctdiff.so.1  dlopen, requested as libctdiff.so.1 by diff_fix"
ct_has "$TMP/fix.txt" "single runs: values compared, no test of noise"
ct_has "$TMP/fix.txt" "  exit: code 0 -> code 3"
ct_width "$TMP/fix.txt"

# The acceptance pair, on Debian's Python.
ct_py_diff py 'import json' 'import json, sqlite3'
ct_djson py "{'sqlite3', '_sqlite3'} <= {m['module'] for m in d['imports']['added']}" \
	"[m['parent'] for m in d['imports']['added'] if m['module'] == 'sqlite3'] == [None]" \
	"[m['parent'] for m in d['imports']['added'] if m['module'] == '_sqlite3'] == ['sqlite3.dbapi2']" \
	"[(l['how'], l['import'], l['request'].split('/')[-1].split('.')[0]) for l in d['libraries']['added'] if l['key'] == 'libsqlite3.so.0'] == [('needed', '_sqlite3', '_sqlite3')]" \
	"d['imports']['removed'] == [] and d['libraries']['removed'] == []"
# storage read is the record's io.read_bytes, on both sides
io=$("$PY" -c 'import json, sys; print([json.load(open(f + "/record.json"))["io"]["read_bytes"] for f in sys.argv[1:]])' "$A" "$B")
ct_djson py "[[m['a'], m['b']] for m in d['headline']['metrics'] if m['metric'] == 'read_bytes'] == ([] if $io == [None, None] else [$io])"
ct_has "$TMP/py.txt" "_sqlite3  (imported by sqlite3.dbapi2)"
ct_has "$TMP/py.txt" "libsqlite3.so.0  needed, requested as _sqlite3."
ct_width "$TMP/py.txt"
ct_diff gate_added --fail-if 'libraries.added>0' "$A" "$B"
ct_eq "$DIFF_STATUS" 1 "status of a failing gate"
ct_has "$TMP/gate_added.txt" "FAILED libraries.added>0  (2)"
ct_djson gate_added "d['gates'] == [{'expr': 'libraries.added>0', 'value': 2, 'failed': True}]"
ct_diff gate_removed --fail-if 'libraries.removed>0' --fail-if 'imports.removed>0' "$A" "$B"
ct_eq "$DIFF_STATUS" 0 "status of passing gates"
ct_has "$TMP/gate_removed.txt" "passed libraries.removed>0  (0)"
