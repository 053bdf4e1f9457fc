# series_sigint -- Ctrl-C at a terminal during a series: the running run
# ends and is kept (marked interrupted), no further run starts,
# series.json is written, and the launcher exits 130.
source "$CT_ROOT/tests/series_lib.sh"
bin=$(ct_fixture sigcount) || ct_fail "cannot build the sigcount fixture"
"$PY" "$CT_ROOT/tests/pty_ctrl_c.py" "series directory" \
	"$CT" --runs-dir "$TMP/runs" -n 3 --cache asis -- "$bin"
ct_eq "$?" 130 "status of a series stopped by Ctrl-C"
SERIES=$(ls -d "$TMP"/runs/*/)
ct_sjson "len(runs) == 1" "runs[0]['interrupted'] is True" "s['interrupted_by_signal'] == 2" \
	"s['exit_status'] == 130" "s['metrics'] == {}"
[ -f "$SERIES/001/record.json" ] || ct_fail "the interrupted run has no record"
