# series_loader -- a series with --loader (tests/loader_lib.sh's fixture
# tree, 3 runs): each dlopen phase is a metric (phase_dlopen_*_ms and its
# thread CPU, *_cpu_ms; no native_loading), and constructors[] gives
# each object's initialiser time across the runs, equal to the runs'
# records (median of libraries[].constructors.ns), largest first; the
# report and the series page show them.
source "$CT_ROOT/tests/series_lib.sh"
source "$CT_ROOT/tests/loader_lib.sh"
ct_lp_build
ct_series -n 3 --loader -- "$LP_DIR/lp_main" "$LP_DIR"
ct_eq "$CT_STATUS" 0 "status of the series"
"$PY" - "$SERIES" <<'PYEOF' || ct_fail "series.json's loader figures (see above)"
import json, statistics as st, sys
d = sys.argv[1]
s = json.load(open(d + "/series.json"))
m, bad = s["metrics"], []
def want(ok, what):
    if not ok:
        bad.append(what)
want(len(s["runs"]) == 3, "3 runs")
recs = [json.load(open("%s/%s/record.json" % (d, r["dir"]))) for r in s["runs"]]
for part in ("dlopen_search_map", "dlopen_relocation", "dlopen_constructors"):
    for suffix, key in (("ms", "ns"), ("cpu_ms", "cpu_ns")):
        got = m.get("phase_%s_%s" % (part, suffix), {}).get("all", {})
        vals = [sum(x[key] for p in r["processes"] for x in p["time"]["parts"] if x["part"] == part) / 1e6
                for r in recs]
        want(got.get("n") == 3 and abs(got.get("median", -1) - st.median(vals)) < 1e-6,
             "phase_%s_%s: %s, the records %s" % (part, suffix, got.get("median"), vals))
want("phase_native_loading_ms" not in m, "no native_loading with --loader")
own = {}
for r in recs:
    for p in r["processes"]:
        for l in p["libraries"]:
            if l.get("constructors") and not l["own"]:
                own.setdefault(l["path"], []).append(l["constructors"]["ns"])
own = {k: v for k, v in own.items() if any(v)}
rows = s["constructors"]
want(sorted(x["path"] for x in rows) == sorted(own), "objects %s vs %s" % ([x["path"] for x in rows], sorted(own)))
for x in rows:
    v = own.get(x["path"], [])
    want(x["all"]["n"] == len(v) and x["all"]["median"] == st.median(v or [0]), "%s: %s vs %s" % (x["path"], x["all"], v))
meds = [x["all"]["median"] for x in rows]
want(meds == sorted(meds, reverse=True), "largest first: %s" % meds)
b = [x for x in rows if x["path"].endswith("/liblp_b.so")]
want(b and b[0]["all"]["median"] >= 0.8 * 30e6, "liblp_b.so spins 30 ms: %s" % (b and b[0]["all"]))
for line in bad:
    print("not true: " + line)
sys.exit(1 if bad else 0)
PYEOF
"$COLDTRACE" report "$SERIES" >"$TMP/rep.out" || ct_fail "coldtrace report of the series"
grep -A3 "by their initialisers' own time" "$TMP/rep.out" | grep -q '^  liblp_[a-z0-9]*\.so ' ||
	{ cat "$TMP/rep.out"; ct_fail "the report lists no object by initialiser time"; }
"$COLDTRACE" report --json --top 2 "$SERIES" >"$TMP/rep.json" || ct_fail "report --json"
"$PY" -c "
import json, sys
r, s = json.load(open('$TMP/rep.json')), json.load(open('$SERIES/series.json'))
sys.exit(0 if r['constructors'] == s['constructors'][:2] else 1)" ||
	ct_fail "--json's constructors are not series.json's first 2"
# The series page: a row per object of constructors[] (its first 20).
page=$("$COLDTRACE" report --html "$SERIES") || ct_fail "report --html of the series"
"$PY" -c "
import json, re, sys
t, s = open('$page').read(), json.load(open('$SERIES/series.json'))
m = re.search(r'<table class=runs id=ct-sctors>.*?</table>', t, re.S)
rows = re.findall(r'<tr><td class=path>([^<]*)</td>', m.group(0)) if m else []
sys.exit(0 if rows and rows == [x['path'] for x in s['constructors'][:20]] else 1)" ||
	ct_fail "the series page's initialiser table is not constructors[]"
