# diff_export -- `diff --markdown` is a Markdown table (a header, a
# delimiter row, rows of as many cells) and `diff --csv` parses with
# Python's csv module; both hold the headline's numbers exactly as --json.
source "$CT_ROOT/tests/diff_lib.sh"
fix=$(ct_fixture diff_fix) || ct_fail "cannot build diff_fix"
mkdir -p "$TMP/A" "$TMP/B"
for i in 1 2 3 4; do
	for s in A:0 B:30; do
		ct_run "$fix" - "${s#*:}" 0
		mv "$RUN" "$TMP/${s%:*}/00$i"
	done
done
ct_diff d "$TMP/A" "$TMP/B"
"$COLDTRACE" diff --markdown "$TMP/A" "$TMP/B" >"$TMP/d.md" || ct_fail "diff --markdown"
"$COLDTRACE" diff --csv "$TMP/A" "$TMP/B" >"$TMP/d.csv" || ct_fail "diff --csv"
"$PY" - "$TMP" <<'PYEOF' || ct_fail "the exports do not hold the JSON's numbers (see above)"
import csv, json, sys
t = sys.argv[1]
d = json.load(open(t + "/d.json"))
def cells(row):
    return [c.strip() for c in row.strip().strip("|").split(" | ")]
lines = [l for l in open(t + "/d.md") if l.startswith("|")]
head = cells(lines[0])
assert set(lines[1].strip().strip("|").split("|")) == {"---"}, lines[1]
md = [dict(zip(head, cells(l))) for l in lines[2:] if len(cells(l)) == len(head)]
rows = list(csv.DictReader(open(t + "/d.csv", newline="")))
want = d["headline"]["metrics"]
assert len(rows) == len(want) and len(md) == len(want), (len(rows), len(md), len(want))
num = lambda s: None if s == "" else float(s)
for got in (rows, md):
    for r, m in zip(got, want):
        assert r["metric"] == m["metric"] and r["unit"] == m["unit"], (r, m)
        for k in ("a", "b", "change", "rel"):
            assert num(r[k]) == m[k], (k, r[k], m[k])
        iv = m["interval"] or [None, None]
        assert [num(r["interval_low"]), num(r["interval_high"])] == iv, (r, iv)
        assert r["significant"] == ("yes" if m["significant"] else "no")
print("rows", len(want), "wall", [r for r in rows if r["metric"] == "wall"])
PYEOF
ct_has "$TMP/d.md" "A is "
ct_has "$TMP/d.md" "faster than B (wall"
