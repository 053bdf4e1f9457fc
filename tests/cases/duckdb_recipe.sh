# duckdb_recipe -- docs/duckdb.md's queries, as written, over three
# fixture runs (one record's host renamed, so two hosts): DuckDB's rows
# are the records' own answers (top imports, libraries per host).
source "$CT_ROOT/tests/lib.sh"
source "$CT_ROOT/tests/pyvenv_lib.sh"
for code in 'import json' 'import json, csv' 'import csv, sqlite3'; do
	ct_run "$PY" -c "$code"
	ct_eq "$CT_STATUS" 0 "status of python3 -c '$code'"
done
"$PY" - "$RUN/record.json" <<'PYEOF' || ct_fail "cannot rename the host"
import json, sys
r = json.load(open(sys.argv[1]))
r["host"]["hostname"] = "host-b"
json.dump(r, open(sys.argv[1], "w"))
PYEOF
"$VPY" "$CT_ROOT/tests/duckdb_recipe.py" "$CT_ROOT/docs/duckdb.md" "$TMP/runs" ||
	ct_fail "the DuckDB recipe's rows"
