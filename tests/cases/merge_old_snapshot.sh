# merge_old_snapshot -- the exit snapshot is one file, <base>.snap, of four
# sections; a run directory from before that holds them as four files
# (<base>.status, .cgroup, .fds, .smaps) and merges to the same views.
ct_run /usr/bin/python3 -c 'import os, json; f = open("/etc/hostname"); os._exit(0)'
ct_eq "$CT_STATUS" 0 "status"
snap=$(echo "$RUN"/*.snap)
[ -f "$snap" ] || ct_fail "no .snap file: $(ls "$RUN")"
[ "$(ls "$RUN"/*.snap | wc -l)" = 1 ] || ct_fail "more than one snapshot: $(ls "$RUN")"
python3 - "$RUN/record.json" "$TMP/new.json" <<'PY' || ct_fail "views of the new form"
import json, sys
p = json.load(open(sys.argv[1]))["processes"][0]["proc"]
assert p["status"]["VmHWM_kb"] > 0 and p["cgroup"] is not None, p
assert any(m["path"] == "/usr/bin/python3.11" or "python3" in m["path"] for m in p["maps"])
assert any(f["target"] == "/etc/hostname" for f in p["fds"]), p["fds"]
json.dump(p, open(sys.argv[2], "w"), sort_keys=True)
PY
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
python3 -c 'import json, sys; json.dump(json.load(open(sys.argv[1]))["processes"][0]["proc"], open(sys.argv[2], "w"), sort_keys=True)' \
	"$RUN/record.json" "$TMP/old.json"
cmp -s "$TMP/new.json" "$TMP/old.json" || ct_fail "older files merge differently: $(diff "$TMP/new.json" "$TMP/old.json" | head -5)"
