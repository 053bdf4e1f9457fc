# layers -- launcher/'s folders are its stages: no cycle between them, and
# a folder's private header is included only inside it (tests/layers.py).
(cd "$CT_ROOT" && "$PY" tests/layers.py) || ct_fail "a folder reaches past its stage (above)"
