# diff_width -- the text of `diff` and of the series report fits COLUMNS
# (80 and 200) and never cuts a value: every line within the width, every
# bracketed interval closed on its line, and the same numbers (with their
# units) in the 80- and the 200-column text.
source "$CT_ROOT/tests/diff_lib.sh"
source "$CT_ROOT/tests/series_lib.sh"
fix=$(ct_fixture diff_fix) || ct_fail "cannot build diff_fix"
ct_series -n 4 --cache both -- "$fix" - 0 0
A=$SERIES
ct_series -n 4 --cache warm -- "$fix" - 20 0
B=$SERIES
for cols in 80 200; do
	COLUMNS=$cols "$COLDTRACE" diff "$A" "$B" >"$TMP/diff$cols.txt" || ct_fail "diff at $cols"
	COLUMNS=$cols "$COLDTRACE" report "$A" >"$TMP/series$cols.txt" || ct_fail "report at $cols"
done
"$PY" - "$TMP" <<'PYEOF' || ct_fail "a line is too wide or a value is cut (see above)"
import re, sys
t, bad = sys.argv[1], []
# A value: a number with its unit; names (python3.11, x86_64) are not values.
value = re.compile(r"(?<![\w.])[-+]?\d+(?:\.\d+)?(?: ?(?:ms|us|s|B|KiB|MiB|GiB|%))?(?![\w.])")
for what in ("diff", "series"):
    vals = {}
    for cols in (80, 200):
        text = open("%s/%s%d.txt" % (t, what, cols), encoding="utf-8").read()
        for line in text.splitlines():
            if len(line) > cols:
                bad.append("%s at %d: %d columns: %s" % (what, cols, len(line), line))
            if line.count("[") != line.count("]"):
                bad.append("%s at %d: an interval cut: %s" % (what, cols, line))
        vals[cols] = [v for l in text.splitlines() if not l.startswith(("A: ", "B: ", "series: "))
                      for v in value.findall(l.split("  ", 2)[-1] if what == "diff" else l)]
    if sorted(vals[80]) != sorted(vals[200]):
        bad.append("%s: the values differ between 80 and 200 columns: %s" %
                   (what, sorted(set(vals[80]) ^ set(vals[200]))[:10]))
print("\n".join(bad))
sys.exit(1 if bad else 0)
PYEOF
