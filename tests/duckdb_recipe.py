# duckdb_recipe.py DOC RUNS_DIR -- runs the ```sql blocks of DOC
# (docs/duckdb.md) in order with the duckdb package, on RUNS_DIR (their
# 'runs/' becomes it), and checks the last two (top imports, libraries per
# host) against the same answers computed from the records in Python.
# Prints one line per defect; exit 1 when there is any.
import glob
import json
import re
import statistics
import sys

import duckdb

doc, runs = open(sys.argv[1]).read(), sys.argv[2]
blocks = [b.replace("'runs/", "'%s/" % runs) for b in re.findall(r"```sql\n(.*?)```", doc, re.S)]
con = duckdb.connect()
con.execute(blocks[0])
top, hosts = con.execute(blocks[1]).fetchall(), con.execute(blocks[2]).fetchall()

recs = [json.load(open(f)) for f in glob.glob(runs + "/**/record.json", recursive=True)]
bad = []
times, seen, libs = {}, {}, {}
for r in recs:
    for p in r["processes"]:
        for i in p["imports"]:
            if i["cumulative_us"] is not None:
                times.setdefault(i["module"], []).append(i["cumulative_us"])
            seen.setdefault(i["module"], set()).add(r["run_id"])
        libs.setdefault(r["host"]["hostname"], set()).update(
            l["realpath"] or l["path"] for l in p["libraries"] if not l["own"])
want = sorted(((m, len(seen[m]), round(statistics.median(v) / 1000, 3)) for m, v in times.items()),
              key=lambda x: (-x[2], x[0]))[:10]
if len(top) != len(want) or any(a[0] != b[0] or a[1] != b[1] or abs(a[2] - b[2]) > 0.0015
                                for a, b in zip(top, want)):
    bad.append("top imports: duckdb %s, records %s" % (top, want))
if hosts != sorted((h, len(v)) for h, v in libs.items()):
    bad.append("libraries per host: duckdb %s, records %s" % (hosts, sorted((h, len(v)) for h, v in libs.items())))
if len(hosts) < 2 or len(recs) < 3:
    bad.append("fixture too small: %d records, %d hosts" % (len(recs), len(hosts)))
for b in bad:
    print("duckdb: " + b)
print("duckdb: %d records, top import %s, hosts %s" % (len(recs), top[:1], hosts))
sys.exit(1 if bad else 0)
