# merge_v0_importtime -- importtime.txt is `python -X importtime`'s table of
# the record's imports: read back as a reader of that table reads it, the
# same (module, parent) pairs as imports[]; the same modules as the real
# table the same run printed, on every Python of the matrix.  No Python, or
# one pyhook cannot hook: artifacts.importtime null, with the reason.
source "$CT_ROOT/tests/py_lib.sh"

for p in $(py_matrix); do
	ct_compare "$p" -X importtime -c 'import json, sqlite3; print("ok")'
	ct_json "r['artifacts']['importtime'] == 'importtime.txt'" \
		"'importtime' not in r['artifacts']['not_written']"
	"$PY" "$CT_ROOT/tests/v0_check.py" importtime "$RUN/record.json" "$RUN/importtime.txt" \
		"$RUN/stderr.log" || ct_fail "$p: importtime.txt"
	grep -q '^import time: *[0-9]* | *[0-9]* |     json.scanner$' "$RUN/importtime.txt" ||
		ct_fail "$p: json.scanner not two levels deep (json > json.decoder > json.scanner): $(grep json "$RUN/importtime.txt")"
done

# without -X importtime: the table is the same kind (no real one to compare)
ct_run "$PY" -c 'import importlib; importlib.import_module("csv")'
"$PY" "$CT_ROOT/tests/v0_check.py" importtime "$RUN/record.json" "$RUN/importtime.txt" ||
	ct_fail "importtime.txt of an importlib.import_module run"

ct_run /bin/true
ct_json "r['artifacts']['importtime'] is None" \
	"'CPython' in r['artifacts']['not_written']['importtime']" \
	"not os.path.exists('$RUN/importtime.txt')"

for p in $(py_old | head -1); do
	ct_run "$p" -c 'import json'
	ct_json "r['artifacts']['importtime'] is None" \
		"'could not be hooked' in r['artifacts']['not_written']['importtime']"
done
