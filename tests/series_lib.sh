# series_lib.sh -- helpers for the series_* cases (sourced after
# tests/lib.sh).  Never: a check that passes on a series without rows.

SERIES=           # series directory of the last ct_series
# ct_series OPTION... -- CMD...: ct-launch --quiet with the series options;
# sets CT_STATUS and SERIES; stdout/stderr in $TMP/ct.out, $TMP/ct.err.
ct_series() {
	"$CT" --runs-dir "$TMP/runs" --quiet "$@" >"$TMP/ct.out" 2>"$TMP/ct.err"
	CT_STATUS=$?
	SERIES=$(LC_ALL=C sed -n 's/.*coldtrace: series directory: //p' "$TMP/ct.err" | tail -n 1)
	echo "ct_series: ct-launch $* -> status $CT_STATUS, series ${SERIES:-none}"
}

# ct_sjson EXPR...: each Python expression must be true of the last
# series.json (bound to s; runs is s['runs'], non-empty).
ct_sjson() {
	[ -f "$SERIES/series.json" ] || { cat "$TMP/ct.err"; ct_fail "no series.json in '$SERIES'"; }
	"$PY" - "$SERIES/series.json" "$@" <<'PYEOF' || ct_fail "series.json assertion failed (see above)"
import json, sys
s = json.load(open(sys.argv[1]))
runs = s["runs"]
assert runs, "no runs"
bad = [e for e in sys.argv[2:] if not eval(e, {"s": s, "runs": runs})]
for e in bad:
    print("series.json: not true: " + e)
sys.exit(1 if bad else 0)
PYEOF
}

# ct_big_file PATH MIB: a file of MIB MiB of varied bytes, on the disk
# of the test's directory (ext4 here: tmpfs pages cannot be evicted).
ct_big_file() {
	"$PY" -c 'import os, sys
with open(sys.argv[1], "wb") as f:
    block = os.urandom(1 << 20)
    for i in range(int(sys.argv[2])):
        f.write(block)
    f.flush(); os.fsync(f.fileno())' "$1" "$2" || ct_fail "cannot write $1"
	[ "$(stat -f -c %T "$1")" != tmpfs ] || ct_skip "$1 is on tmpfs: its pages cannot be evicted"
}
