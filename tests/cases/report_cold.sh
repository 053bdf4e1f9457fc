# report_cold -- the overview says when a run was cold: crafted copies of
# a real record with io.read_bytes around the threshold (4 MiB read; see
# docs/report.md) and major faults that, alone, say nothing.  report,
# --json (overview.storage) and the page agree; a record without a read
# count says nothing (cold null), whatever its faults.
ct_compare /bin/echo cold or warm
"$PY" - "$RUN/record.json" "$TMP" <<'PYEOF' || ct_fail "cannot write the crafted records"
import json, os, sys
r = json.load(open(sys.argv[1]))
cases = {"cold": (280000000, 294), "under": (4 * 2**20 - 1, 5000), "at": (4 * 2**20, 0),
         "faults": (None, 5000), "nofaults": (280000000, None), "none": (None, None)}
for name, (rd, mf) in cases.items():
    r["io"]["read_bytes"], r["rusage"]["major_faults"] = rd, mf
    os.makedirs("%s/%s" % (sys.argv[2], name))
    json.dump(r, open("%s/%s/record.json" % (sys.argv[2], name), "w"))
PYEOF
ct_cold() {   # NAME COLD(true/false/null) TEXT (the line's start; "" none)
	"$COLDTRACE" report "$TMP/$1/record.json" >"$TMP/$1.txt" || ct_fail "report $1"
	"$COLDTRACE" report --json "$TMP/$1/record.json" >"$TMP/$1.json" || ct_fail "report --json $1"
	"$COLDTRACE" report --html -o "$TMP/$1.html" "$TMP/$1/record.json" >/dev/null ||
		ct_fail "report --html $1"
	ct_eq "$("$PY" -c "import json; print(json.dumps(json.load(open('$TMP/$1.json'))['overview']['storage']['cold']))")" \
		"$2" "$1: overview.storage.cold"
	if [ -n "$3" ]; then
		grep -q "^    $3: a cold start" "$TMP/$1.txt" || { cat "$TMP/$1.txt"; ct_fail "$1: no '$3' line"; }
		grep -q "<p class=cold>$3: a cold start" "$TMP/$1.html" || ct_fail "$1: not on the page"
	elif grep -q 'cold start' "$TMP/$1.txt" "$TMP/$1.html"; then
		ct_fail "$1: called a cold start"
	fi
}
ct_cold cold true "read 267 MiB from storage, 294 major faults"
ct_cold under false ""
ct_cold at true "read 4.0 MiB from storage, 0 major faults"
ct_cold faults null ""
ct_cold nofaults true "read 267 MiB from storage"
ct_cold none null ""
"$PY" -c "
import json, sys
s = json.load(open('$TMP/none.json'))['overview']['storage']
sys.exit(0 if s == {'read_bytes': None, 'major_faults': None, 'cold': None, 'note': None} else 1)" ||
	ct_fail "a record without either figure: storage is not all null"
"$COLDTRACE" report --json "$RUN" >"$TMP/real.json" || ct_fail "report --json of the run"
"$PY" -c "
import json, sys
s, r = json.load(open('$TMP/real.json'))['overview']['storage'], json.load(open('$RUN/record.json'))
sys.exit(0 if s['read_bytes'] == r['io']['read_bytes'] and s['cold'] == (r['io']['read_bytes'] >= 4 << 20) else 1)" ||
	ct_fail "the real run's storage figures"
