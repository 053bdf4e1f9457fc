# shim_no_follow -- --no-follow traces the command alone: its children
# run untraced (and unchanged).
bin=$(ct_fixture procs) || ct_fail "cannot build procs.c"
CT_OPTS=(--no-follow)
ct_compare "$bin"
ct_json "len(r['processes']) == 1" "len(r['processes'][0]['children']) == 5"
