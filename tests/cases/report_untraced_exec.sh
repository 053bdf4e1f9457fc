# report_untraced_exec -- a traced shell execs a statically linked program,
# which LD_PRELOAD cannot reach: the record, its warnings and the report's
# process tree say that it ran, with its argv, untraced and why.
bin=$(ct_fixture hello static -static) || ct_skip "gcc -static failed (no static glibc: apt-get install libc6-dev)"
ct_compare /bin/bash -c "$bin 0; echo after"   # bash forks (dash vforks)
ct_json "[(e['argv'], e['traced'], e['untraced']) for p in r['processes'] for e in p['execs'] if e['path'] == '$bin'] == [(['$bin', '0'], False, 'statically linked: no dynamic loader, so LD_PRELOAD cannot apply')]" \
	"[w for w in r['warnings'] if 'untraced' in w] == [\"pid %d ran '$bin 0' untraced (statically linked: no dynamic loader, so LD_PRELOAD cannot apply)\" % [p['pid'] for p in r['processes'] if p['execs']][0]]"
"$COLDTRACE" report "$RUN" >"$TMP/rep.out" || ct_fail "coldtrace report failed"
tr '\n' ' ' <"$TMP/rep.out" | sed 's/  */ /g' | grep -qF "exec pid $(ct_jget "[p['pid'] for p in r['processes'] if p['execs']][0]") $bin 0: ran untraced: statically linked" ||
	{ cat "$TMP/rep.out"; ct_fail "the untraced exec is not in the process tree"; }

# an exec whose image was traced is marked so
ct_compare /bin/sh -c 'exec /bin/true'
ct_json "[(e['traced'], e['untraced']) for e in r['processes'][0]['execs']] == [(True, None)]"
