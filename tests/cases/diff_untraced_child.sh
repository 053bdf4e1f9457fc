# diff_untraced_child -- a child that ran untraced (static /sbin/ldconfig)
# counts the same way in report, diff and series: B's untraced child is
# in children_added, so `--fail-if children.added>0` fails; and an
# extension module from another interpreter's directory is the same
# module (keyed by its import), moved, not added and removed.
source "$CT_ROOT/tests/diff_lib.sh"
source "$CT_ROOT/tests/series_lib.sh"
[ -x /sbin/ldconfig ] && ! readelf -l /sbin/ldconfig 2>/dev/null | grep -q 'program interpreter' ||
	ct_skip "no statically linked /sbin/ldconfig here"
ct_run /usr/bin/python3 -c 'import ctypes'
A=$RUN
ct_run /usr/bin/python3 -c "import ctypes, subprocess; subprocess.run(['/sbin/ldconfig', '-p'], stdout=subprocess.DEVNULL)"
B=$RUN
ct_diff child --fail-if 'children.added>0' "$A" "$B"
ct_eq "$DIFF_STATUS" 1 "status: B added an untraced child"
ct_djson child "[c['argv'] for c in d['processes']['children_added']] == ['[\"/sbin/ldconfig\",\"-p\"]']" \
	"d['processes']['images']['b'] - d['processes']['images']['a'] == 1"
"$COLDTRACE" report --json "$B" >"$TMP/b.json" || ct_fail "report --json"
ct_jtrue "$TMP/b.json" r "report JSON" "r['overview']['counts']['untraced'] == 1" \
	"r['overview']['counts']['processes'] == 2 and r['overview']['counts']['images'] == 2"
ct_series -n 2 -- /usr/bin/python3 -c "import subprocess; subprocess.run(['/sbin/ldconfig', '-p'], stdout=subprocess.DEVNULL)"
ct_sjson "all(r['processes'] == 2 and r['programs'] == 2 for r in runs)"

# The same record with _ctypes from another directory: one module, moved.
"$PY" - "$A/record.json" "$TMP/moved/record.json" <<'PYEOF' || ct_fail "cannot craft the record"
import json, os, sys
r = json.load(open(sys.argv[1]))
n = 0
for p in r["processes"]:
    for l in p["libraries"]:
        if os.path.basename(l["path"]).startswith("_ctypes."):
            l["path"] = l["realpath"] = "/opt/other-python/lib-dynload/" + os.path.basename(l["path"])
            n += 1
assert n, "no _ctypes library in the record"
os.makedirs(os.path.dirname(sys.argv[2]))
json.dump(r, open(sys.argv[2], "w"))
PYEOF
ct_diff ext "$A" "$TMP/moved/record.json"
ct_djson ext "d['libraries']['added'] == [] and d['libraries']['removed'] == []" \
	"[m['key'] for m in d['libraries']['moved']] == ['_ctypes (extension)']"
