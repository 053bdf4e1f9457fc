# shim_spawn_cow -- posix_spawn and system() from a process that writes its
# memory afterwards: as bare, no page is copied (glibc spawns with
# CLONE_VM|CLONE_VFORK), and the spawned children are traced.
bin=$(ct_fixture vfork) || ct_fail "cannot build vfork.c"
ct_compare "$bin" spawn
grep -q "address space copied: no" "$TMP/ct.out" || ct_fail "posix_spawn copied the address space"
ct_json "[c['how'] for c in r['processes'][0]['children']] == ['spawn'] * 3" \
	"[p['argv'] for p in r['processes'][1:]] == [['$bin', 'child']] * 3"
ct_compare "$bin" system
grep -q "address space copied: no" "$TMP/ct.out" || ct_fail "system copied the address space"
ct_json "[c['how'] for c in r['processes'][0]['children']] == ['system'] * 3" \
	"len([p for p in r['processes'] if p['argv'][:2] == ['sh', '-c']]) == 3"
