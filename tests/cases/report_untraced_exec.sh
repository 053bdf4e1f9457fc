# report_untraced_exec -- a traced shell execs a statically linked program,
# which LD_PRELOAD cannot reach: the record, its warnings and the report's
# process tree say that it ran, with its argv, untraced and why: from a
# forked child (its own execs[]) and from a vfork child (its children[]
# entry in the parent, which wrote the exec for it).
bin=$(ct_fixture hello static -static) || ct_skip "gcc -static failed (no static glibc: apt-get install libc6-dev)"
why='statically linked: no dynamic loader, so LD_PRELOAD cannot apply'

# untraced_in_tree HOW PID: the report's process tree has the leaf.
untraced_in_tree() {
	"$COLDTRACE" report "$RUN" >"$TMP/rep.out" || ct_fail "coldtrace report failed"
	tr '\n' ' ' <"$TMP/rep.out" | sed 's/  */ /g' | grep -qF "$1 pid $2 $bin 0: ran untraced: statically linked" ||
		{ cat "$TMP/rep.out"; ct_fail "the untraced exec ($1) is not in the process tree"; }
}

ct_compare /bin/bash -c "$bin 0; echo after"   # bash forks
ct_json "[(e['argv'], e['traced'], e['untraced']) for p in r['processes'] for e in p['execs'] if e['path'] == '$bin'] == [(['$bin', '0'], False, '$why')]" \
	"[w for w in r['warnings'] if 'untraced' in w] == [\"pid %d ran '$bin 0' untraced ($why)\" % [p['pid'] for p in r['processes'] if p['execs']][0]]"
untraced_in_tree exec "$(ct_jget "[p['pid'] for p in r['processes'] if p['execs']][0]")"

# an exec whose image was traced is marked so
ct_compare /bin/sh -c 'exec /bin/true'
ct_json "[(e['traced'], e['untraced']) for e in r['processes'][0]['execs']] == [(True, None)]"

# Python's subprocess vforks too (torch's /sbin/ldconfig -p)
ct_compare "$PY" -c "import subprocess; subprocess.run(['$bin', '0'], check=True)"
ct_json "[(c['how'], [(e['argv'], e['traced'], e['untraced']) for e in c['execs']]) for c in r['processes'][0]['children']] == [('vfork', [(['$bin', '0'], False, '$why')])]"
untraced_in_tree vfork "$(ct_jget "r['processes'][0]['children'][0]['pid']")"

# dash vforks: the child's exec is in its children[] entry
[ "$(readlink -f /bin/sh)" = "$(readlink -f /bin/dash)" ] || ct_skip "/bin/sh is not dash (which vforks)"
ct_compare /bin/sh -c "$bin 0; echo after"
ct_json "[c['how'] for c in r['processes'][0]['children']] == ['vfork'] and len(r['processes']) == 1" \
	"[(e['argv'], e['ok'], e['traced'], e['untraced']) for e in r['processes'][0]['children'][0]['execs']] == [(['$bin', '0'], True, False, '$why')]" \
	"[w for w in r['warnings'] if 'untraced' in w] == [\"pid %d ran '$bin 0' untraced ($why)\" % r['processes'][0]['children'][0]['pid']]"
untraced_in_tree vfork "$(ct_jget "r['processes'][0]['children'][0]['pid']")"
