# report_way_out -- errors that say what to do, and one exit status for
# the same fault: a runs directory reports its newest run and says so; a
# run directory without record.json names `coldtrace merge DIR`; printed
# commands name coldtrace as it was run (not on PATH here); an -o that
# cannot be made exits 2 for report --html, diff --html and export;
# a signal by its name.
ct_run /bin/true
old=$RUN
sleep 0.01
ct_run sh -c 'kill -ABRT $$'
ct_eq "$CT_STATUS" 134 "status of a command killed by SIGABRT"
"$COLDTRACE" report "$TMP/runs" >"$TMP/r.txt" 2>"$TMP/r.err"
ct_eq "$?" 0 "status of report RUNS_DIR"
grep -qF "is a runs directory: reporting its newest run, '$TMP/runs/$(basename "$RUN")'" "$TMP/r.err" ||
	{ cat "$TMP/r.err"; ct_fail "report RUNS_DIR does not name the newest run"; }
grep -q "killed by SIGABRT (signal 6)" "$TMP/r.txt" || ct_fail "the signal is not named"
# a run directory whose record is missing: the way out is merge
cp -r "$old" "$TMP/unmerged" && rm "$TMP/unmerged/record.json"
"$COLDTRACE" report "$TMP/unmerged" >/dev/null 2>"$TMP/u.err"
ct_eq "$?" 2 "status of report on a run directory without record.json"
grep -qF "has no record.json: \`$COLDTRACE merge $TMP/unmerged\` builds it" "$TMP/u.err" ||
	{ cat "$TMP/u.err"; ct_fail "no merge hint"; }
$COLDTRACE merge "$TMP/unmerged" >/dev/null 2>&1 && "$COLDTRACE" report "$TMP/unmerged" >/dev/null ||
	ct_fail "the hinted command does not build a record"
mkdir -p "$TMP/empty"
"$COLDTRACE" report "$TMP/empty" >/dev/null 2>"$TMP/e.err"
ct_eq "$?" 2 "status of report on an empty directory"
grep -q "no run directory with one under it" "$TMP/e.err" || ct_fail "no message for an empty directory"
# the printed command is the path coldtrace was run as
"$COLDTRACE" report --short "$old" | grep -qxF "full report: $COLDTRACE report $old" ||
	ct_fail "the full-report line does not name $COLDTRACE"
# an output that cannot be made: 2, everywhere
for cmd in "report --html -o /missing/x $old" "diff --html -o /missing/x $old $RUN" \
	   "export --chrome -o /missing/x $old" "report --html -o $TMP $old"; do
	# shellcheck disable=SC2086
	"$COLDTRACE" $cmd >/dev/null 2>"$TMP/o.err"
	ct_eq "$?" 2 "status of coldtrace $cmd"
	grep -q "cannot write the" "$TMP/o.err" || ct_fail "no one-line reason for coldtrace $cmd"
done
