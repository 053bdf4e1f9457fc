# merge_pid_ns -- two `unshare -p -f --mount-proc` namespaces side by side,
# one nesting a third: their processes see pids 1, 2, 3 again, and the
# record still holds every process once, each namespace's init linked to
# the unshare that forked it (by the fork's t_ns), exec chains kept
# within a namespace (whose inode the kernel may give to a later one),
# and the report counts the processes right.
unshare -p -f --mount-proc true 2>/dev/null || ct_skip "unshare -p -f --mount-proc fails here"
cat >"$TMP/ns.sh" <<'SH'
#!/bin/sh
echo top
unshare -p -f --mount-proc sh -c 'echo inner1 $$; /bin/true; sh -c "echo sub \$\$"'
unshare -p -f --mount-proc sh -c 'echo inner2 $$; /bin/true;
	unshare -p -f --mount-proc sh -c "echo nested \$\$; /bin/true"'
SH
chmod +x "$TMP/ns.sh"
ct_compare "$TMP/ns.sh"
cmp "$TMP/bare.err" "$RUN/stderr.log" || ct_fail "stderr differs under coldtrace"
# top sh, 3 unshares, 3 namespace inits (unshare, then sh), 3 /bin/true, sub sh
ct_json "len([p for p in r['processes'] if not p['exec_of']]) == 11" \
	"all(p['complete'] for p in r['processes'])" \
	"len({(p['pidns'], p['pid'], p['start_ns']) for p in r['processes']}) == len(r['processes'])" \
	"all(p['pidns'] != p['parent_pidns'] for p in r['processes'] if p['forked_at_ns'])" \
	"all(p['parent'] is not None or p['exec_of'] or p is r['processes'][0] for p in r['processes'])" \
	"all(q['pidns'] == p['pidns'] and q['pid'] == p['pid'] for p in r['processes'] for q in r['processes'] if p['exec_of'] and q['log'] == p['exec_of'] + '.ctlog')" \
	"sorted(p['pid'] for p in r['processes'] if p['forked_at_ns']) == [1, 1, 1]" \
	"all(any(c['t_ns'] == p['forked_at_ns'] for q in r['processes'] if q['pid'] == p['parent'] and q['pidns'] == p['parent_pidns'] for c in q['children']) for p in r['processes'] if p['forked_at_ns'])"
"$COLDTRACE" report "$RUN" >"$TMP/report.txt" || ct_fail "report failed"
grep -q "processes  11 (distinct pids)" "$TMP/report.txt" || ct_fail "the report counts $(grep -o 'processes  [0-9]*' "$TMP/report.txt")"
ct_eq "$(grep -c '^ *fork *pid 1 unshare' "$TMP/report.txt")" 3 "namespace inits under their unshare in the tree"
