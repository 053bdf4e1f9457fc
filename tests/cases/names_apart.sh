# names_apart -- the shim, the pyhook and the CLI never define the same
# external function, CT_ macro or header struct/enum tag (common/ is the
# only shared code): a name says which binary it lives in.  Within the CLI
# a function prefix names one stage (the map of docs/architecture.md); a
# copy of the sources with a planted merge-prefixed function in report/
# fails, and so does one with a function a second binary defines.
(cd "$CT_ROOT" && "$PY" tests/names_apart.py) || ct_fail "a name is defined in two binaries (above)"
cp -r "$CT_ROOT/preload" "$CT_ROOT/pyhook" "$CT_ROOT/launcher" "$CT_ROOT/common" "$TMP/" ||
	ct_fail "cannot copy the sources"
printf 'int ct_merge_planted(void)\n{\n\treturn 0;\n}\n' >"$TMP/launcher/report/planted.c"
(cd "$TMP" && "$PY" "$CT_ROOT/tests/names_apart.py") >"$TMP/prefix.out"
ct_eq "$?" 1 "status with a merge prefix planted in report/"
grep -qx 'prefix ct_merge_\* used by the stages merge, report' "$TMP/prefix.out" ||
	ct_fail "the planted prefix not named: $(cat "$TMP/prefix.out")"
rm "$TMP/launcher/report/planted.c"
(cd "$TMP" && "$PY" "$CT_ROOT/tests/names_apart.py") || ct_fail "the copy fails without the plant"
printf 'int ct_logfile_open(void)\n{\n\treturn 0;\n}\n' >"$TMP/preload/planted.c"
(cd "$TMP" && "$PY" "$CT_ROOT/tests/names_apart.py") >"$TMP/binary.out"
ct_eq "$?" 1 "status with a launcher function planted in preload/"
grep -q '^function ct_logfile_open defined in launcher, preload$' "$TMP/binary.out" ||
	ct_fail "the planted function not named: $(cat "$TMP/binary.out")"
