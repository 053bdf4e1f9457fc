# export_perfetto -- a run with nested imports, a thread, a dlopen (with
# --loader: its phases and initialiser), a fork and an exec, exported as a
# Perfetto trace and decoded with the perfetto package's schema: every
# process and thread has a named track and a life slice, slices nest per
# track, the child is linked to its parent and the exec'd image to the
# image before it by flows; a missing or corrupt run exits 2 with one line.
source "$CT_ROOT/tests/export_lib.sh"
ct_export_tree ct_compare
"$COLDTRACE" export --perfetto "$RUN" 2>"$TMP/exp.err" || { cat "$TMP/exp.err"; ct_fail "export"; }
ct_lines "$TMP/exp.err" 1 "export's stderr"
ct_has "$TMP/exp.err" "wrote $RUN/trace.pftrace"
"$VPY" "$CT_ROOT/tests/perfetto_check.py" "$RUN/trace.pftrace" "$RUN/record.json" process:3 \
	thread:3 import:10 dlopen:2 loader:4 fs:1 exit:3 counter:1 ||
	ct_fail "structural check of the trace"
"$VPY" - "$RUN/trace.pftrace" "$CT_ROOT/tests" <<'PYEOF' || ct_fail "trace content"
import sys
sys.path.insert(0, sys.argv[2])
from perfetto_check import load, nest
tracks, events = load(sys.argv[1])
sl = [s for u, e in events.items() for s in nest(e, [], u)]
def up(s):
    names = []
    while s["parent"]:
        s = s["parent"]
        names.append(s["name"])
    return names
by = {s["name"]: s for s in sl}
assert up(by["import xt_pkg.leaf"])[:2] == ["import xt_pkg.inner", "import xt_pkg"], up(by["import xt_pkg.leaf"])
assert up(by["init liblp_b.so"])[:2] == ["constructors", "dlopen liblp_b.so"], up(by["init liblp_b.so"])
assert by["init liblp_b.so"]["b"] - by["init liblp_b.so"]["a"] >= 4000000
side = by["import xt_pkg.side"]
assert tracks[side["track"]].thread.tid != tracks[side["track"]].thread.pid, "side import not on the thread"
names = [t.process.process_name for t in tracks.values() if t.HasField("process")]
assert "python3 -> true" in names, names
PYEOF

# Bad input: a missing run, a corrupt record.
"$COLDTRACE" export --perfetto "$TMP/nothing-here" >"$TMP/bad.out" 2>"$TMP/bad.err"
ct_eq "$?" 2 "status for a missing run"
ct_lines "$TMP/bad.err" 1 "stderr for a missing run"
mkdir -p "$TMP/corrupt" && head -c 300 "$RUN/record.json" >"$TMP/corrupt/record.json"
"$COLDTRACE" export --perfetto "$TMP/corrupt" -o "$TMP/c.pftrace" >"$TMP/bad.out" 2>"$TMP/bad.err"
ct_eq "$?" 2 "status for a corrupt record"
ct_lines "$TMP/bad.err" 1 "stderr for a corrupt record"
[ ! -e "$TMP/c.pftrace" ] || ct_fail "a trace was written for a corrupt record"
echo '{"schema_version": 1, "processes": []}' >"$TMP/corrupt/record.json"
"$COLDTRACE" export --perfetto "$TMP/corrupt" >"$TMP/bad.out" 2>"$TMP/bad.err"
ct_eq "$?" 2 "status for a record without processes"
ct_lines "$TMP/bad.err" 1 "stderr for a record without processes"
