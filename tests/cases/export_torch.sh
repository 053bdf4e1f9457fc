# export_torch -- the torch run as Chrome Trace Event JSON stays loadable:
# file-system calls aggregated into counters, imports as balanced nested
# slices, dlopen slices, one marker per library; the structural check of
# tests/export_check.py passes.
source "$CT_ROOT/tests/report_lib.sh"
"$PY" -c 'import torch' 2>/dev/null || ct_skip "Debian's python3-torch is not installed for $PY"
ct_run "$PY" -c 'import torch'
ct_eq "$CT_STATUS" 0 "status of import torch"
"$COLDTRACE" export --chrome "$RUN" 2>"$TMP/exp.err" || { cat "$TMP/exp.err"; ct_fail "export"; }
ct_lines "$TMP/exp.err" 1 "export's stderr"
ct_has "$TMP/exp.err" "wrote $RUN/trace.json"
ct_has "$TMP/exp.err" "file-system calls as counters"
"$PY" "$CT_ROOT/tests/export_check.py" "$RUN/trace.json" import:B:500 import:E:500 \
	dlopen:X:20 library:i:300 fs:C:2 || ct_fail "structural check of the torch trace"
size=$(stat -c %s "$RUN/trace.json")
[ "$size" -lt 5000000 ] || ct_fail "torch trace of $size bytes: not aggregated"
"$PY" - "$RUN/trace.json" <<'PYEOF' || ct_fail "torch trace content"
import json, sys
ev = json.load(open(sys.argv[1]))["traceEvents"]
names = [e.get("name") for e in ev]
assert "import torch._C" in names, "no torch._C slice"
assert any(e["ph"] == "X" and e["name"].startswith("dlopen _C.cpython") and e["dur"] > 1000 for e in ev)
assert not any(e.get("cat") == "fs" and e["ph"] == "i" for e in ev), "fs instants in an aggregated run"
c = [e for e in ev if e["ph"] == "C"]
assert all(a["args"]["stat"] <= b["args"]["stat"] for a, b in zip(c, c[1:])), "counter goes down"
assert c[-1]["args"]["stat"] > 1000, c[-1]
PYEOF

# Every call one by one when asked, to stdout.
"$COLDTRACE" export --chrome --fs-events 100000 -o - "$RUN" >"$TMP/all.json" 2>"$TMP/all.err" ||
	ct_fail "export -o -"
[ ! -s "$TMP/all.err" ] || ct_fail "export -o - wrote on stderr: $(cat "$TMP/all.err")"
"$PY" "$CT_ROOT/tests/export_check.py" "$TMP/all.json" fs:i:3000 import:B:500 ||
	ct_fail "structural check with every file-system call"
