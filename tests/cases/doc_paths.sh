# doc_paths -- every repository path that a comment or a doc names
# (tests/doc_paths.py: a token with a slash, a known extension and a
# repository folder first) exists; and the check fails on a planted stale
# path in a small tree of its own.
(cd "$CT_ROOT" && "$PY" tests/doc_paths.py) || ct_fail "a comment or doc names a missing path (above)"
mkdir -p "$TMP/tree/launcher/lib" "$TMP/tree/docs"
git -C "$TMP/tree" init -q || ct_fail "git init"
# the names are put together here, so that this file names no missing path
lib=launcher/lib doc=docs/a
echo 'int x;' >"$TMP/tree/$lib/map.c"
printf 'see `lib/map.c`, `%s/map.c` and %s.md\n' "$lib" "$doc" >"$TMP/tree/$doc.md"
"$PY" "$CT_ROOT/tests/doc_paths.py" "$TMP/tree" || ct_fail "existing paths reported missing"
printf 'and `%s/gone.c`\n' "$lib" >>"$TMP/tree/$doc.md"
"$PY" "$CT_ROOT/tests/doc_paths.py" "$TMP/tree" >"$TMP/planted.out"
ct_eq "$?" 1 "status of the check on a planted stale path"
grep -qx "$doc.md:2 names $lib/gone.c, which does not exist" "$TMP/planted.out" ||
	ct_fail "the planted path not named: $(cat "$TMP/planted.out")"
