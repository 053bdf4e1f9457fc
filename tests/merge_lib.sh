# merge_lib.sh -- helpers for the merger's damaged-log cases
# (tests/cases/merge_*.sh), sourced after tests/lib.sh.

# merge_copy_run DIR: traces a one-process Python run and copies its log and
# snapshot into $TMP/DIR (to be damaged there).  Sets base (the log's
# <pid>.<start>) and total (its record count in the sound record).
merge_copy_run() {
	ct_run "$PY" -c 'import json'
	ct_eq "$CT_STATUS" 0 "exit status of the traced run"
	base=$(basename "$(ls "$RUN"/*.ctlog)" .ctlog)
	total=$(ct_jget "r['events']['records']")
	mkdir -p "$TMP/$1"
	cp "$RUN/$base".* "$TMP/$1/"
}
