# diff_noise -- two series of 20 runs each of the same idle command
# (interleaved, so a busy moment hits both alike): no count, time or size
# anywhere in the diff is called significant -- the statistical test and
# the noise floors of docs/diff.md together -- and the summary says so.
source "$CT_ROOT/tests/diff_lib.sh"
fix=$(ct_fixture diff_fix) || ct_fail "cannot build diff_fix"
mkdir -p "$TMP/A" "$TMP/B"
for i in $(seq -w 1 20); do
	for s in A B; do
		ct_run "$fix" - 0 0
		ct_eq "$CT_STATUS" 0 "status of run $i of $s"
		mv "$RUN" "$TMP/$s/0$i"
	done
done
ct_diff noise "$TMP/A" "$TMP/B"
ct_eq "$DIFF_STATUS" 0 "status"
"$PY" - "$TMP/noise.json" <<'PYEOF' || ct_fail "a change of noise was called significant (see above)"
import json, sys
d = json.load(open(sys.argv[1]))
bad = []
def walk(o, path):
    if isinstance(o, dict):
        if o.get("significant") is True:
            bad.append(path + ": " + json.dumps({k: o.get(k) for k in ("a", "b", "change", "interval", "note")}))
        for k, v in o.items():
            walk(v, path + "." + k)
    elif isinstance(o, list):
        for i, v in enumerate(o):
            walk(v, "%s[%d]" % (path, i))
walk(d, "diff")
print("\n".join(bad))
assert d["headline"]["method"].startswith("Hodges-Lehmann"), d["headline"]["method"]
assert any(m["interval"] is not None for m in d["headline"]["metrics"]), "no interval computed"
sys.exit(1 if bad or d["summary"]["significant"] else 0)
PYEOF
ct_has "$TMP/noise.txt" "significant changes: none"
