# export_procs -- processes (fork, spawn, an exec chain under one pid) and
# threads that import at the same time: every pid and thread named and
# given its life slice (X, from the record), B/E balanced per thread,
# time monotonic per thread.
source "$CT_ROOT/tests/report_lib.sh"
bin=$(ct_fixture procs) || ct_fail "cannot build the procs fixture"
ct_run "$bin"
"$COLDTRACE" export --chrome "$RUN" -o "$TMP/procs.json" 2>/dev/null || ct_fail "export of procs"
"$PY" "$CT_ROOT/tests/export_check.py" "$TMP/procs.json" process:i:5 library:i:3 process:X:4 \
	thread:X:4 || ct_fail "structural check of the procs trace"
"$PY" - "$TMP/procs.json" <<'PYEOF' || ct_fail "exec chain not named"
import json, sys
ev = json.load(open(sys.argv[1]))["traceEvents"]
names = [e["args"]["name"] for e in ev if e["ph"] == "M" and e["name"] == "process_name"]
assert any(n.count(" -> ") == 1 for n in names), names   # chain 1 -> chain 0
assert len({e["pid"] for e in ev if e["ph"] == "M" and e["name"] == "process_name"}) == len(names)
PYEOF

mkdir -p "$TMP/py"
ct_run "$PY" "$CT_ROOT/tests/fixtures/py_threads.py" "$TMP/py"
"$COLDTRACE" export --chrome "$RUN" -o "$TMP/threads.json" 2>/dev/null || ct_fail "export of py_threads"
"$PY" "$CT_ROOT/tests/export_check.py" "$TMP/threads.json" import:B:12 fs:i:10 ||
	ct_fail "structural check of the threads trace"
"$PY" - "$TMP/threads.json" <<'PYEOF' || ct_fail "imports not on their threads"
import json, sys
ev = json.load(open(sys.argv[1]))["traceEvents"]
tids = {e["tid"] for e in ev if e["ph"] == "B" and e["name"] in ("import t0", "import t1", "import t2", "import t3")}
assert len(tids) == 4, tids
PYEOF
