# diff_self -- a run against itself (as a run directory and as its
# record.json): no difference in any set, no significant change, every
# set gate passes.
source "$CT_ROOT/tests/diff_lib.sh"
ct_compare "$PY" -c 'import json'
ct_diff self "$RUN" "$RUN/record.json"
ct_eq "$DIFF_STATUS" 0 "status"
ct_djson self "d['summary']['sets_identical'] is True" \
	"d['summary']['significant'] == []" \
	"all(v == 0 for s in d['summary']['sets'].values() for v in s.values())" \
	"all(m['change'] == 0 for m in d['headline']['metrics'])" \
	"d['context'] == [] and d['cuda']['changed'] is False" \
	"d['imports']['self'] == [] and d['filesystem']['calls'] == []"
ct_has "$TMP/self.txt" "significant changes: none"
ct_diff gates --fail-if libraries.added\>0 --fail-if imports.removed\>0 \
	--fail-if cuda.verdict!=same --fail-if 'wall>+10%' "$RUN" "$RUN"
ct_eq "$DIFF_STATUS" 0 "status with gates"
