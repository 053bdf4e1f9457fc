# series_fs_groups -- a series row counts file calls by the kind table's
# classes: readlink and realpath among the stats, access checks apart (as
# an import's native counts are), failed lookups over all three groups;
# each equal to the run's record summed by hand.
source "$CT_ROOT/tests/series_lib.sh"
ct_series -n 2 --warmup 0 -- "$PY" -c 'import os
os.readlink("/proc/self/exe"); os.path.realpath("/usr/bin/python3")
os.access("/", os.R_OK); os.access("/nonexistent-ct", os.R_OK)
try:
    os.readlink("/nonexistent-ct")
except OSError:
    pass'
ct_eq "$CT_STATUS" 0 "status of the series"
ct_sjson "len(runs) == 2" "all(r['error'] is None for r in runs)"
"$PY" - "$SERIES" <<'PYEOF' || ct_fail "a row's file-call counts are not the record's"
import json, os, sys
groups = {"opens": ["open", "creat", "fopen", "opendir"],
          "stats": ["stat", "lstat", "fstat", "fstatat", "statx", "readlink", "readlinkat", "realpath"],
          "accesses": ["access"]}
s = json.load(open(os.path.join(sys.argv[1], "series.json")))
bad = 0
for row in s["runs"]:
    r = json.load(open(os.path.join(sys.argv[1], row["dir"], "record.json")))
    def total(kinds, field):
        return sum(p["calls"].get(k, {}).get(field, 0) for p in r["processes"] for k in kinds)
    want = {g: total(k, "count") for g, k in groups.items()}
    want["failed_lookups"] = sum(total(k, "errors") for k in groups.values())
    assert total(["readlink"], "count") >= 2 and total(["access"], "errors") >= 1, "the fixture's calls missing"
    for k, v in want.items():
        if row[k] != v:
            bad += 1
            print("run %s: %s is %s, the record says %s" % (row["dir"], k, row[k], v))
    assert "accesses" in s["metrics"], "no accesses metric"
sys.exit(1 if bad else 0)
PYEOF
