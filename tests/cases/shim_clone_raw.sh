# shim_clone_raw -- children glibc's fork() did not make.  A raw
# clone(SIGCHLD) child stats 20,000 times while its parent does: each image
# has a log of its own with exactly its own stats (three runs: the parent
# used to die of SIGBUS when the child truncated its log).  A glibc
# clone(CLONE_VM) child on its own stack shares its parent's thread
# state: its 20,000 stats are counted lost (clone_vm_shared), the
# parent's 20,000 after it has gone are all recorded, no log is malformed.
bin=$(ct_fixture clone_raw) || ct_fail "cannot build clone_raw.c"
for run in 1 2 3; do
	ct_compare "$bin" fork /etc/hostname 20000
	cmp "$TMP/bare.err" "$RUN/stderr.log" || ct_fail "stderr differs under coldtrace"
	ct_json "len(r['processes']) == 2" "all(p['complete'] for p in r['processes'])" \
		"[p['calls']['stat']['count'] for p in r['processes']] == [20000, 20000]" \
		"r['processes'][1]['ppid'] == r['processes'][0]['pid']" \
		"r['events']['dropped'] == 0"
done
ct_compare "$bin" vm /etc/hostname 20000
cmp "$TMP/bare.err" "$RUN/stderr.log" || ct_fail "stderr differs under coldtrace"
grep -i "malformed" "$TMP/ct.err" && ct_fail "a log has a malformed record"
ct_json "len(r['processes']) == 1" "r['processes'][0]['complete']" \
	"r['processes'][0]['calls']['stat']['count'] == 20000" \
	"r['events']['dropped_by']['clone_vm_shared'] == 20000" \
	"r['events']['dropped'] == 20000"
