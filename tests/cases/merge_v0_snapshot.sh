# merge_v0_snapshot -- proc_status.txt, proc_cgroup.txt and proc_maps.txt
# are the root's exit snapshot as /proc wrote it (maps: the lines of smaps
# that open a mapping).  A damaged or missing older snapshot file (<base>.snap,
# from before the log held it), merged again: the
# keys null with the reason, the files gone, the merge still exit 0; the
# older four-file snapshot gives the files again.
export COLDTRACE_PACK=0   # each image's log a file of its own: this case reads, damages or plants them by name
ct_run "$PY" -c 'import json; open("/etc/hostname").read()'
ct_eq "$CT_STATUS" 0 "status"
ct_json "r['artifacts']['proc_status'] == 'proc_status.txt'" \
	"r['artifacts']['proc_cgroup'] == 'proc_cgroup.txt'" \
	"r['artifacts']['proc_maps'] == 'proc_maps.txt'"
# The log rewritten as one from before SNAP records, its snapshot (the
# same bytes) in <base>.snap: the files made from the log's records equal
# its sections, and the older file's damage is seen below.
log=$(echo "$RUN"/*.ctlog)
"$COLDTRACE" dump "$log" >"$TMP/dump.jsonl" || ct_fail "dump"
"$PY" - "$CT_ROOT/tests" "$log" "$TMP/dump.jsonl" <<'PY' || ct_fail "cannot write the older log"
import sys
sys.path.insert(0, sys.argv[1])
from ctlog_write import snap_to_file
snap_to_file(sys.argv[2], open(sys.argv[3]).readlines())
PY
snap=${log%.ctlog}.snap
"$PY" - "$snap" "$RUN" <<'PY' || ct_fail "files differ from the snapshot"
import re, sys
snap, run = open(sys.argv[1], "rb").read(), sys.argv[2]
parts = dict(p.partition(b"\n")[::2] for p in snap.split(b"\0")[1:])
assert open(run + "/proc_status.txt", "rb").read() == parts[b"status"]
assert open(run + "/proc_cgroup.txt", "rb").read() == parts[b"cgroup"]
maps = open(run + "/proc_maps.txt", "rb").read().decode().splitlines()
line = re.compile(r"^[0-9a-f]+-[0-9a-f]+ [r-][w-][x-][ps] [0-9a-f]+ [0-9a-f]+:[0-9a-f]+ \d+ *(.*)$")
assert maps and all(line.match(m) for m in maps), maps[:3]
assert len(maps) == sum(1 for l in parts[b"smaps"].decode().splitlines() if line.match(l))
assert any(line.match(m).group(1).endswith("libc.so.6") for m in maps)
status = open(run + "/proc_status.txt").read()
assert re.search(r"^VmHWM:\s+\d+ kB$", status, re.M) and "Name:\tpython3" in status
PY
cgroup=$(ct_jget "r['process']['cgroup']")
grep -q "^0::$cgroup\$" "$RUN/proc_cgroup.txt" || grep -q ":$cgroup\$" "$RUN/proc_cgroup.txt" ||
	ct_fail "process.cgroup '$cgroup' is not in proc_cgroup.txt"

# damaged: no section can be found; the merge goes on
cp "$snap" "$TMP/snap.good"
head -c 3000 /dev/urandom | tr -d '\0' >"$snap"
"$COLDTRACE" merge "$RUN" >"$TMP/m.out" 2>"$TMP/m.err" || ct_fail "merge of a damaged snapshot: $(cat "$TMP/m.err")"
for k in proc_status proc_cgroup proc_maps; do
	ct_json "r['artifacts']['$k'] is None" \
		"'cut short or damaged' in r['artifacts']['not_written']['$k']" \
		"not os.path.exists('$RUN/${k}.txt')"
done
ct_json "r['artifacts']['importtime'] == 'importtime.txt'" "r['process']['peak_rss_kb'] is None"

# cut short after the status section: status written, the others null
"$PY" - "$TMP/snap.good" "$snap" <<'PY'
import sys
data = open(sys.argv[1], "rb").read()
open(sys.argv[2], "wb").write(data[:data.index(b"\0", 1)])
PY
"$COLDTRACE" merge "$RUN" >"$TMP/m.out" 2>"$TMP/m.err" || ct_fail "merge of a cut snapshot"
ct_json "r['artifacts']['proc_status'] == 'proc_status.txt'" "r['artifacts']['proc_maps'] is None" \
	"r['artifacts']['proc_cgroup'] is None"

# missing
rm -f "$snap"
"$COLDTRACE" merge "$RUN" >"$TMP/m.out" 2>"$TMP/m.err" || ct_fail "merge without a snapshot"
ct_json "all(r['artifacts'][k] is None and 'snapshot is missing' in r['artifacts']['not_written'][k] for k in ('proc_status', 'proc_cgroup', 'proc_maps'))" \
	"r['processes'][0]['exit']['snapshot'] == 'lost' and r['processes'][0]['proc'] is None"

# the older four files
"$PY" - "$TMP/snap.good" "${snap%.snap}" <<'PY'
import sys
for part in open(sys.argv[1], "rb").read().split(b"\0")[1:]:
    name, _, body = part.partition(b"\n")
    open(sys.argv[2] + "." + name.decode(), "wb").write(body)
PY
"$COLDTRACE" merge "$RUN" >"$TMP/m.out" 2>"$TMP/m.err" || ct_fail "merge of the older files"
ct_json "r['artifacts']['proc_maps'] == 'proc_maps.txt' and r['artifacts']['not_written'] == {}"
cmp -s "$RUN/proc_status.txt" "${snap%.snap}.status" || ct_fail "proc_status.txt from the older file"

# a process killed by SIGKILL takes no snapshot: said so
ct_run sh -c 'kill -KILL $$'
ct_json "r['artifacts']['proc_status'] is None" \
	"'no exit record' in r['artifacts']['not_written']['proc_status']"
