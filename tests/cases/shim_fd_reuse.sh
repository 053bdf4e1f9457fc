# shim_fd_reuse -- coldtrace keeps no descriptor past the call that needed
# it: after call stacks were taken, a program that closes every fd and
# opens two data files on the freed numbers finds their bytes and offsets
# untouched, bare and traced alike, and no descriptor it did not open.
# Built without unwind tables: stacks still reach main by frame pointers.
bin=$(ct_fixture fd_reuse nocfi -pthread -ldl -fno-asynchronous-unwind-tables \
	-fno-unwind-tables -fno-omit-frame-pointer) || ct_fail "cannot build fd_reuse.c"
mkdir -p "$TMP/bare" "$TMP/traced"
ct_bare "$bin" "$TMP/bare"
ct_run_live "$bin" "$TMP/traced"
ct_eq "$CT_STATUS" "$BARE_STATUS" "exit status under coldtrace vs bare"
cmp "$TMP/bare.out" "$TMP/ct.out" || ct_fail "stdout differs under coldtrace"
for f in in.dat out.dat; do
	cmp "$TMP/bare/$f" "$TMP/traced/$f" || ct_fail "$f differs under coldtrace"
done
ct_json "len([t for t in r['processes'][0]['threads'] if t['creator']]) == 5" \
	"all(t['stack'][0].startswith('$bin+') for t in r['processes'][0]['threads'] if t['creator'])" \
	"all(len(t['stack']) >= 2 for t in r['processes'][0]['threads'] if t['creator'] and ' stacks+' in t['stack'][0])"
