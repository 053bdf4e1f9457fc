# series_numpy -- -n 3 of `import numpy`: three complete run directories,
# a series report, and the same libraries and imports in all three (no
# set-difference warning).
source "$CT_ROOT/tests/series_lib.sh"
/usr/bin/python3 -c 'import numpy' 2>/dev/null || ct_skip "no numpy for /usr/bin/python3"
ct_series -n 3 -- /usr/bin/python3 -c 'import numpy'
ct_eq "$CT_STATUS" 0 "status of the series"
for d in 001 002 003; do
	"$PY" -c 'import json,sys; r=json.load(open(sys.argv[1])); assert r["exit"]["code"] == 0 and any(i["module"] == "numpy" for p in r["processes"] for i in p["imports"])' \
		"$SERIES/$d/record.json" || ct_fail "run $d is incomplete"
done
ct_sjson "len(runs) == 3" "len({r['libraries'] for r in runs}) == 1" \
	"len({r['imports'] for r in runs}) == 1" \
	"not [w for w in s['warnings'] if 'different set' in w or 'CUDA verdict' in w]" \
	"any(i['module'] == 'numpy' for i in s['imports'])"
"$COLDTRACE" report "$SERIES" >"$TMP/rep.txt" || ct_fail "report of the series failed"
grep -q '^  numpy ' "$TMP/rep.txt" || ct_fail "numpy not among the top imports of the report"
