# shim_exit_marks -- the exit path's boundaries in the event log
# (exit_mark records): main's return or exit() starts the C atexit
# handlers (100 ms here), their end starts the native exit (a C++ static
# destructor, 50 ms; then _dl_fini), the exit record ends it; in Python
# Py_FinalizeEx's end (after an 80 ms atexit callback) comes before main
# returns, and the end of its atexit callbacks (mark 6) before that.
# Output and status as bare, both ways out of main.
bin=$TMP/exit_phases
c++ -O1 -o "$bin" "$CT_ROOT/tests/fixtures/exit_phases.cpp" || ct_fail "cannot build exit_phases.cpp"
# gaps (ms) between the root image's marks 1, 2 and its exit record
check_gaps() {
	"$COLDTRACE" dump "$RUN" >"$TMP/dump.jsonl" || ct_fail "dump failed"
	"$PY" - "$TMP/dump.jsonl" "$1" <<'PYEOF' || ct_fail "exit marks wrong (see above)"
import json, sys
recs = [json.loads(l) for l in open(sys.argv[1])]
root = recs[0]["pid"]
mine = [r for r in recs if r["pid"] == root and r["kind"] in ("exit_mark", "exit")]
marks = [(r["kind"], r["a0"]) for r in mine]
print(marks)
assert marks == [("exit_mark", 1), ("exit_mark", 2), ("exit", int(sys.argv[2]))], marks
assert mine[0]["a2"] == int(sys.argv[2]), "status in the mark"
assert all(r["a1"] > 0 for r in mine[:2]), "thread CPU time"
atexit = (mine[1]["t_ns"] - mine[0]["t_ns"]) / 1e6
native = (mine[2]["t_ns"] - mine[1]["t_ns"]) / 1e6
print("atexit %.1f ms, native exit %.1f ms" % (atexit, native))
assert 95 <= atexit <= 140 and 48 <= native <= 90, (atexit, native)
PYEOF
}
ct_compare "$bin"
ct_eq "$CT_STATUS" 3 "status of a return from main"
check_gaps 3
ct_compare "$bin" by-exit
ct_eq "$CT_STATUS" 4 "status of exit()"
check_gaps 4
ct_compare "$PY" -c 'import atexit, time; atexit.register(time.sleep, 0.08); print("x")'
"$COLDTRACE" dump "$RUN" >"$TMP/dump.jsonl" || ct_fail "dump failed"
"$PY" - "$TMP/dump.jsonl" <<'PYEOF' || ct_fail "Python exit marks wrong (see above)"
import json, sys
recs = [json.loads(l) for l in open(sys.argv[1])]
py = [r for r in recs if r["kind"] == "py_info"][0]["pid"]
mine = [r for r in recs if r["pid"] == py]
last = max(r["t_ns"] for r in mine if r["kind"] == "import_end")
marks = [r for r in mine if r["kind"] == "exit_mark"]
a0 = [r["a0"] for r in marks]
# 6: the Python atexit callbacks' end (atexit was imported), before 3
assert [a for a in a0 if a != 6] == [3, 1, 2] and a0.index(6) < a0.index(3), a0
marks = [r for r in marks if r["a0"] != 6]
fin = (marks[0]["t_ns"] - last) / 1e6
print("last import to the end of finalisation: %.1f ms" % fin)
assert fin >= 78, fin
PYEOF
