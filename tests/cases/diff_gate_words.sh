# diff_gate_words -- a gate may have blanks around its operator
# ('wall > +10%' is wall>+10%), and a gate on a number only one side has
# names that side: a run without Python lacks import:json.self on A.
source "$CT_ROOT/tests/diff_lib.sh"
fix=$(ct_fixture diff_fix) || ct_fail "cannot build diff_fix"
ct_run "$fix" - 0 0
NOPY=$RUN
ct_run /usr/bin/python3 -c 'import json'
PYRUN=$RUN
ct_diff spaced --fail-if 'wall > +10%' --fail-if ' libraries.added >= 0 ' "$PYRUN" "$PYRUN"
ct_eq "$DIFF_STATUS" 1 "status (libraries.added >= 0 holds)"
ct_djson spaced "[g['expr'] for g in d['gates']] == ['wall > +10%', ' libraries.added >= 0 ']" \
	"[g['failed'] for g in d['gates']] == [False, True]"
"$COLDTRACE" diff --fail-if 'import:json.self > +10%' "$NOPY" "$PYRUN" >"$TMP/a.out" 2>"$TMP/a.err"
ct_eq "$?" 2 "status of a gate A has no value for"
ct_has "$TMP/a.err" "A has no value for import:json.self"
[ -s "$TMP/a.out" ] && ct_fail "output on stdout before the gate failed"
"$COLDTRACE" diff --fail-if 'import:json.self > +10%' "$PYRUN" "$NOPY" 2>"$TMP/b.err" >/dev/null
ct_has "$TMP/b.err" "B has no value for import:json.self"
