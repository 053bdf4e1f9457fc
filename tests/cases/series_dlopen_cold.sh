# series_dlopen_cold -- after eviction, an extension module's dlopen shows
# the storage it read (dlopens[].major_faults / read_bytes) and its import
# counts major faults (imports[].major_faults); warm, the same dlopen reads
# nothing (a warm import may still fault a page the rest of the machine
# evicted: not asserted).  Evidence from counters, never from timing.
source "$CT_ROOT/tests/series_lib.sh"
inc=$("$PY" -c 'import sysconfig; print(sysconfig.get_paths()["include"])')
suffix=$("$PY" -c 'import sysconfig; print(sysconfig.get_config_var("EXT_SUFFIX"))')
[ -f "$inc/Python.h" ] || ct_skip "no Python.h for $PY"
mkdir -p "$TMP/ext"
${CC:-cc} -O1 -shared -fPIC -I"$inc" -o "$TMP/ext/ctbig$suffix" "$CT_ROOT/tests/fixtures/ctbig.c" ||
	ct_fail "cannot build the ctbig extension"
[ "$(stat -f -c %T "$TMP/ext")" != tmpfs ] || ct_skip "$TMP is on tmpfs: its pages cannot be evicted"
code="import sys; sys.path.insert(0, '$TMP/ext'); import ctbig; print(ctbig.__name__)"
ct_compare "$PY" -c "$code"
ct_series -n 1 --cache both -- "$PY" -c "$code"
ct_eq "$CT_STATUS" 0 "status of the series"
ct_sjson "[r['group'] for r in runs] == ['cold', 'warm']" \
	"[d['cold']['median'] > 0 and d['warm']['median'] == 0 for d in s['dlopen_reads'] if d['path'].endswith('ctbig$suffix')] == [True]"
"$PY" - "$SERIES" "$suffix" <<'PYEOF' || ct_fail "no storage cost on the cold dlopen/import (see above)"
import json, sys
series, suffix = sys.argv[1], sys.argv[2]
def view(d):
    r = json.load(open(f"{series}/{d}/record.json"))
    p = [p for p in r["processes"] if any(i["module"] == "ctbig" for i in p["imports"])][0]
    dl = [x for x in p["dlopens"] if (x["path"] or "").endswith("ctbig" + suffix)][0]
    imp = [i for i in p["imports"] if i["module"] == "ctbig"][0]
    return dl, imp
cold_dl, cold_imp = view("001")
warm_dl, warm_imp = view("002")
print("cold dlopen", cold_dl["major_faults"], cold_dl["read_bytes"], "import", cold_imp["major_faults"])
print("warm dlopen", warm_dl["major_faults"], warm_dl["read_bytes"], "import", warm_imp["major_faults"])
ok = (cold_dl["major_faults"] > 0 or cold_dl["read_bytes"] > 0) and cold_imp["major_faults"] >= 1
ok = ok and warm_dl["read_bytes"] == 0 and warm_imp["major_faults"] is not None
sys.exit(0 if ok else 1)
PYEOF
