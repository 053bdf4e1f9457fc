# names_apart -- the shim, the pyhook and the CLI never define the same
# external function, CT_ macro or header struct/enum tag (common/ is the
# only shared code): a name says which binary it lives in.
(cd "$CT_ROOT" && "$PY" tests/names_apart.py) || ct_fail "a name is defined in two binaries (above)"
