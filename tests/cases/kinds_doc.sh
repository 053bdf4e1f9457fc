# kinds_doc -- docs/events.md's kind table lists every kind of CT_KINDS
# (common/ct_log.h) by value and name, in order, with the argument fields
# the table's comments define (tests/kinds_doc.py); and the check fails on
# a copy of the doc with a kind removed, and on one with a field left out.
(cd "$CT_ROOT" && "$PY" tests/kinds_doc.py) || ct_fail "docs/events.md and CT_KINDS differ (above)"
h=$CT_ROOT/common/ct_log.h
grep -v '^| 31 | `readlinkat` |' "$CT_ROOT/docs/events.md" >"$TMP/no_kind.md"
"$PY" "$CT_ROOT/tests/kinds_doc.py" "$h" "$TMP/no_kind.md" >"$TMP/no_kind.out"
ct_eq "$?" 1 "status with readlinkat left out of the doc"
grep -qx "kind 31 readlinkat is in CT_KINDS but not in $TMP/no_kind.md" "$TMP/no_kind.out" ||
	ct_fail "the missing kind not named: $(cat "$TMP/no_kind.out")"
sed 's/^\(| 71 | `import_begin` |.*\), a2 = via importlib/\1, via importlib/' \
	"$CT_ROOT/docs/events.md" >"$TMP/no_field.md"
! cmp -s "$CT_ROOT/docs/events.md" "$TMP/no_field.md" || ct_fail "the field was not planted"
"$PY" "$CT_ROOT/tests/kinds_doc.py" "$h" "$TMP/no_field.md" >"$TMP/no_field.out"
ct_eq "$?" 1 "status with import_begin's a2 left out of the doc"
grep -q "^kind import_begin: ct_log.h defines a0, a1, a2" "$TMP/no_field.out" ||
	ct_fail "the missing field not named: $(cat "$TMP/no_field.out")"
