# diff_groups -- a `--cache both` series against another of the same
# command compares cold with cold and warm with warm (both groups in the
# text and --json), with no significant wall change; against a warm-only
# series only the warm runs meet, with a warning naming the cold runs
# left over.  The speed line ("B is ... × faster than A") comes per group.
source "$CT_ROOT/tests/diff_lib.sh"
source "$CT_ROOT/tests/series_lib.sh"
fix=$(ct_fixture diff_fix) || ct_fail "cannot build diff_fix"
ct_series -n 4 --cache both -- "$fix" - 0 0
ct_eq "$CT_STATUS" 0 "status of series A"
A=$SERIES
ct_series -n 4 --cache both -- "$fix" - 0 0
B=$SERIES
ct_series -n 4 --cache warm -- "$fix" - 0 0
W=$SERIES
[ -n "$A" ] && [ -n "$B" ] && [ -n "$W" ] && [ "$A" != "$B" ] || ct_fail "three series expected"

ct_diff both "$A" "$B"
ct_eq "$DIFF_STATUS" 0 "status of both against both"
ct_djson both "[g['group'] for g in d['headline']['groups']] == ['cold', 'warm']" \
	"[(g['a_runs'], g['b_runs']) for g in d['headline']['groups']] == [(4, 4), (4, 4)]" \
	"[m['group'] for m in d['headline']['metrics'] if m['metric'] == 'wall'] == ['cold', 'warm']" \
	"not any(m['significant'] for m in d['headline']['metrics'] if m['metric'] == 'wall')" \
	"[s['group'] for s in d['headline']['speed']] == ['cold', 'warm']" \
	"d['headline']['warnings'] == [] and d['headline']['numbers_compare'] == 'warm'"
ct_has "$TMP/both.txt" "wall (cold)"
ct_has "$TMP/both.txt" "wall (warm)"
grep -Eq '^  [AB] is [0-9.]+ ± [0-9.]+ × faster than [AB] \(wall, cold' "$TMP/both.txt" ||
	ct_has "$TMP/both.txt" "A and B take the same wall time (wall, cold"

ct_diff warm "$A" "$W"
ct_djson warm "[g['group'] for g in d['headline']['groups']] == ['warm']" \
	"[(g['a_runs'], g['b_runs']) for g in d['headline']['groups']] == [(4, 4)]" \
	"d['headline']['warnings'] == [\"B has no cold runs: A's 4 cold runs are compared with nothing\"]"
ct_has "$TMP/warm.txt" "! B has no cold runs"
# A record of the series' runs against itself: a run meets the warm group.
ct_diff run "$W/001" "$A"
ct_djson run "[g['group'] for g in d['headline']['groups']] == ['warm']"
