# merge_old_snapshot -- the exit snapshot is in the log itself (SNAP
# records, no file of its own); a run directory from before holds it as
# one file, <base>.snap, of four sections, or from before that as four
# files (<base>.status, .cgroup, .fds, .smaps): all three merge to the
# same views.
export COLDTRACE_PACK=0   # each image's log a file of its own: this case reads, damages or plants them by name
ct_run /usr/bin/python3 -c 'import os, json; f = open("/etc/hostname"); os._exit(0)'
ct_eq "$CT_STATUS" 0 "status"
log=$(echo "$RUN"/*.ctlog)
[ -f "$log" ] || ct_fail "not one log: $(ls "$RUN")"
[ -z "$(ls "$RUN" | grep -v '\.ctlog$' | grep -E '\.(snap|status|smaps)$')" ] ||
	ct_fail "a snapshot file beside the log: $(ls "$RUN")"
"$COLDTRACE" dump "$log" | grep -q '"kind":"snap"' || ct_fail "no SNAP record in the log"
views() {
	python3 - "$RUN/record.json" "$1" <<'PY' || ct_fail "views of $1"
import json, sys
p = json.load(open(sys.argv[1]))["processes"][0]["proc"]
assert p["status"]["VmHWM_kb"] > 0 and p["cgroup"] is not None, p
assert any(m["path"] == "/usr/bin/python3.11" or "python3" in m["path"] for m in p["maps"])
assert any(f["target"] == "/etc/hostname" for f in p["fds"]), p["fds"]
json.dump(p, open(sys.argv[2], "w"), sort_keys=True)
PY
}
views "$TMP/log.json"
# The log as it was before SNAP records, the snapshot in <base>.snap.
"$COLDTRACE" dump "$log" >"$TMP/dump.jsonl" || ct_fail "dump"
"$PY" - "$CT_ROOT/tests" "$log" "$TMP/dump.jsonl" <<'PY' || ct_fail "cannot write the older log"
import sys
sys.path.insert(0, sys.argv[1])
from ctlog_write import snap_to_file
snap_to_file(sys.argv[2], open(sys.argv[3]).readlines())
PY
snap=${log%.ctlog}.snap
"$COLDTRACE" dump "$log" | grep -q '"kind":"snap"' && ct_fail "the older log still has SNAP records"
"$COLDTRACE" merge "$RUN" 2>"$TMP/merge.err" || ct_fail "merge: $(cat "$TMP/merge.err")"
views "$TMP/new.json"
cmp -s "$TMP/log.json" "$TMP/new.json" || ct_fail "the .snap file merges differently: $(diff "$TMP/log.json" "$TMP/new.json" | head -5)"
# The same sections as the older four files: the merge gives the same views.
python3 - "$snap" <<'PY' || ct_fail "splitting the snapshot"
import os, sys
path = sys.argv[1]
base = path[:-len(".snap")]
for part in open(path, "rb").read().split(b"\0")[1:]:
    name, _, body = part.partition(b"\n")
    open(base + "." + name.decode(), "wb").write(body)
os.unlink(path)
PY
"$COLDTRACE" merge "$RUN" 2>"$TMP/merge.err" || ct_fail "merge: $(cat "$TMP/merge.err")"
views "$TMP/old.json"
cmp -s "$TMP/new.json" "$TMP/old.json" || ct_fail "older files merge differently: $(diff "$TMP/new.json" "$TMP/old.json" | head -5)"
