# merge_views -- the merger's arithmetic and cross-checks on real runs:
# -X importtime semantics of self/cumulative, a dlopen's new objects, an
# ELF object mapped as data ("mapped-only"), the root's process{} from its
# exit snapshot, and an exec chain of the root.
lib=/usr/lib/x86_64-linux-gnu/libcjson.so.1
[ -f "$lib" ] || ct_skip "no $lib (apt-get install libcjson1)"
cat >"$TMP/views.py" <<PYEOF
import mmap, json, ctypes, os, sys
f = open("$lib", "rb")
m = mmap.mmap(f.fileno(), 0, prot=mmap.PROT_READ)
print(m[:4] == b"\x7fELF")
sys.stdout.flush()
os._exit(0)   # the mapping must still be there for the exit snapshot
PYEOF
ct_compare "$PY" "$TMP/views.py"
ct_eq "$(cat "$TMP/ct.out")" "True" "the fixture's output"
"$PY" - "$RUN/record.json" "$lib" <<'PYEOF' || ct_fail "merged views are wrong (see above)"
import json, os, subprocess, sys
r = json.load(open(sys.argv[1]))
lib = os.path.realpath(sys.argv[2])
root = r["processes"][0]
imps = {i["id"]: i for i in root["imports"]}
for i in imps.values():
    assert i["end_ns"] is not None, i
    cum = i["end_ns"] - i["start_ns"]
    kids = sum(k["end_ns"] - k["start_ns"] for k in imps.values() if k["parent"] == i["id"])
    assert i["cumulative_us"] == cum // 1000, i
    assert i["self_us"] == (cum - kids) // 1000, (i, kids)
    assert i["parent"] is None or i["parent"] in imps, i
# import ctypes: the _ctypes extension and the libffi it needs
dl = [d for d in root["dlopens"] if "/_ctypes." in d["requested"]]
assert len(dl) == 1 and dl[0]["ok"] and dl[0]["import"] == "_ctypes", dl
came = [l for l in root["libraries"] if (l["requested_by"] or {}).get("request") == dl[0]["requested"]]
assert dl[0]["new_objects"] == len(came) >= 2, (dl[0]["new_objects"], came)
assert [l["path"] for l in came if l["how"] == "dlopen"] == [dl[0]["path"]], came
assert all(l["how"] == "needed" and l["import"] == "_ctypes" for l in came if l["how"] != "dlopen"), came
assert imps[[i for i in imps if imps[i]["module"] == "_ctypes"][0]]["native"]["libraries"] == len(came)
# the mmap'd ELF object: listed, marked, resident size from smaps
mo = [l for l in root["libraries"] if l["realpath"] == lib]
assert len(mo) == 1 and mo[0]["how"] == "mapped-only" and mo[0]["note"], mo
assert mo[0]["appeared_ns"] is None and mo[0]["rss_kb"] is not None and mo[0]["soname"] == "libcjson.so.1", mo
assert mo[0]["size"] == os.path.getsize(lib) and len(mo[0]["build_id"]) == 40, mo
note = subprocess.run(["readelf", "-n", lib], capture_output=True, text=True).stdout
assert "Build ID: " + mo[0]["build_id"] in note, (mo[0]["build_id"], note)
# every loaded object's resident size is the sum of its file's mappings
maps = {m["path"]: m for m in root["proc"]["maps"]}
for l in root["libraries"]:
    if l["unloaded_ns"] is None and l["realpath"] in maps:
        assert l["rss_kb"] == maps[l["realpath"]]["rss_kb"], l
# process{} of the root
st = root["proc"]["status"]
assert r["process"]["peak_rss_kb"] == st["VmHWM_kb"] > 0, r["process"]
assert r["process"]["mapped_files_count"] == len(root["proc"]["maps"]) > 5
assert r["process"]["cgroup"] == root["proc"]["cgroup"] and r["process"]["cgroup"].startswith("/")
assert root["exit"] == {"how": "_exit", "status": 0, "signal": None, "snapshot": "taken"}, root["exit"]
PYEOF

# an exec chain of the root: sh -> env -> true, one image each
ct_compare /bin/sh -c 'exec /usr/bin/env /bin/true'
ct_json "[p['argv'] for p in r['processes']] == [['/bin/sh', '-c', 'exec /usr/bin/env /bin/true'], ['/usr/bin/env', '/bin/true'], ['/bin/true']]" \
	"len({p['pid'] for p in r['processes']}) == 1" \
	"[p['exec_of'] for p in r['processes']] == [None] + [p['log'][:-6] for p in r['processes'][:2]]" \
	"[p['exit']['how'] for p in r['processes']] == ['exec', 'exec', 'exit']" \
	"r['processes'][0]['exit']['status'] is None and r['processes'][2]['exit']['status'] == 0" \
	"r['process']['peak_rss_kb'] == r['processes'][2]['proc']['status']['VmHWM_kb']"

# a dlopen made by an initialiser during another dlopen: the objects the
# outer call loaded are its own, not the inner dlopen(NULL)'s
${CC:-cc} -shared -fPIC -o "$TMP/libnestdep.so" "$CT_ROOT/tests/fixtures/nest_dep.c" || ct_fail "cannot build nest_dep.c"
${CC:-cc} -shared -fPIC -o "$TMP/libnestouter.so" "$CT_ROOT/tests/fixtures/nest_outer.c" \
	-L"$TMP" -lnestdep -Wl,-rpath,"$TMP" -ldl || ct_fail "cannot build nest_outer.c"
bin=$(ct_fixture dlopen_name plain -ldl) || ct_fail "cannot build dlopen_name.c"
ct_compare "$bin" "$TMP/libnestouter.so"
ct_json "[(d['requested'], d['new_objects']) for d in r['processes'][0]['dlopens']] == [('', 0), ('$TMP/libnestouter.so', 2)]" \
	"sorted((l['path'], l['how'], l['requested_by']['request']) for l in r['processes'][0]['libraries'] if l['path'].startswith('$TMP/')) == [('$TMP/libnestdep.so', 'needed', '$TMP/libnestouter.so'), ('$TMP/libnestouter.so', 'dlopen', '$TMP/libnestouter.so')]"
