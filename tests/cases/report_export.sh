# report_export -- `report --markdown` is one Markdown table per section (a
# "### title" line, a header, a delimiter row, rows of as many cells) and
# `report --csv` parses with Python's csv module (a `section` column); both
# hold the numbers of `report --json` for the same run, exactly.  A shared
# object under a path with '|', ',' and '"' checks the escaping; two
# outputs at once are one line and status 2.
source "$CT_ROOT/tests/report_lib.sh"
so=$(ct_fixture readable_ext so -shared -fPIC) || ct_fail "cannot build the readable_ext object"
odd=$TMP/'a|b,"c'
mkdir -p "$odd" && cp "$so" "$odd/libodd.so" || ct_fail "cannot set up $odd"
ct_run "$PY" -c 'import json, ctypes, sys; ctypes.CDLL(sys.argv[1])' "$odd/libodd.so"
ct_eq "$CT_STATUS" 0 "status"
for f in json markdown csv; do
	"$COLDTRACE" report --$f --libs "$RUN" >"$TMP/r.$f" || ct_fail "report --$f"
done
"$PY" - "$TMP" "$odd/libodd.so" <<'PYEOF' || ct_fail "the exports do not hold the JSON's numbers (see above)"
import csv, json, re, sys
t, odd = sys.argv[1], sys.argv[2]
j = json.load(open(t + "/r.json"))
def rows_of(top, outer, inner):
    if outer is None:
        return [dict(r) for r in j[top][inner]]
    return [dict({"pid": o["pid"]}, **r) for o in j[top][outer] for r in o[inner]]
want = {"time": rows_of("time", "images", "parts"),
        "imports": rows_of("imports", None, "by_self"),
        "libraries": rows_of("libraries", "images", "groups")}
titles = {"where the time went": "time", "imports by self time": "imports",
          "shared objects by request": "libraries"}
def cell(s):                      # a cell as the JSON holds it
    return None if s == "" else s
def same(got, w, key):
    v = w.get(key)
    if isinstance(v, bool):
        return got == ("yes" if v else "no")
    if isinstance(v, (int, float)):
        return got is not None and float(got) == v
    return got == v
def check(section, rows):
    assert rows, section + ": no rows"
    assert len(rows) == len(want[section]), (section, len(rows), len(want[section]))
    for r, w in zip(rows, want[section]):
        for k, got in r.items():
            assert same(cell(got), w, k) or (cell(got) is None and w.get(k) is None), (section, k, got, w.get(k))
md, sec, head = {}, None, None
for line in open(t + "/r.markdown").read().split("\n"):
    if line.startswith("### "):
        sec, head = titles[line[4:]], None
        md[sec] = []
    elif line.startswith("|"):
        assert line.endswith("|"), line
        cells = [c.strip().replace("\\|", "|") for c in re.split(r"(?<!\\)\|", line)[1:-1]]
        if head is None:
            head = cells
        elif set(cells) == {"---"}:
            assert len(cells) == len(head), line
        else:
            assert len(cells) == len(head), (len(cells), len(head), line)
            md[sec].append(dict(zip(head, cells)))
    else:
        assert line == "", "not a table line: " + line
assert sorted(md) == sorted(want), sorted(md)
cs = {}
for r in csv.DictReader(open(t + "/r.csv", newline="")):
    cs.setdefault(r.pop("section"), []).append(r)
assert sorted(cs) == sorted(want), sorted(cs)
for got in (md, cs):
    for section, rows in got.items():
        if got is cs:   # the CSV's union columns: only those of the section's table
            keys = md[section][0].keys()
            assert all(v == "" for r in rows for k, v in r.items() if k not in keys)
            rows = [{k: r[k] for k in keys} for r in rows]
        check(section, rows)
assert [r for r in cs["libraries"] if r["request"] == odd], "no row for " + odd
print({s: len(r) for s, r in want.items()}, [r["ns"] for r in cs["time"]][:3])
PYEOF
ct_has "$TMP/r.markdown" "| ns | cpu_ns |"

ct_bad "--markdown --json" 1 "$COLDTRACE" report --markdown --json "$RUN"
ct_has "$TMP/bad.err" "one output at a time"
ct_bad "--csv --markdown" 1 "$COLDTRACE" report --csv --markdown "$RUN"
ct_bad "--html --csv" 1 "$COLDTRACE" report --html --csv "$RUN"

# a series (a directory with series.json): one run's tables only
mkdir -p "$TMP/series" && echo '{}' >"$TMP/series/series.json" || ct_fail "cannot set up a series"
ct_bad "--markdown on a series" 1 "$COLDTRACE" report --markdown "$TMP/series"
ct_has "$TMP/bad.err" "is a series"
