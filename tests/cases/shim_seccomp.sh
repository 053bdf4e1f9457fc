# shim_seccomp -- a program that installs a seccomp allow-list killing the
# process on anything else (no prlimit64, getrusage, rt_sigprocmask...),
# then stats and prints a last line, ends as it does bare: from the filter
# on coldtrace makes no system call.  The record says so: the SECCOMP
# record (processes[].seccomp), the records that needed new room counted
# under events.dropped_by.seccomp, a warning; the end is still recorded.
bin=$(ct_fixture seccomp_stats "" -ldl) || ct_fail "cannot build seccomp_stats.c"
ct_case() {   # N HOW [fork]
	ct_compare "$bin" "$@"
	ct_eq "$CT_STATUS" 0 "exit status of $*"
	cmp "$TMP/bare.err" "$RUN/stderr.log" || ct_fail "stderr differs under coldtrace: $*"
	grep -qx 'last line' "$RUN/stdout.log" || ct_fail "no last line: $*"
	ct_json "r['processes'][0]['seccomp']['mode'] == 'filter'" \
		"r['processes'][0]['complete'] is True" \
		"r['processes'][0]['exit']['how'] == 'exit'" \
		"any('seccomp filter' in w for w in r['warnings'])"
}
ct_case 10 prctl
ct_json "r['processes'][0]['seccomp']['via'] == 'prctl'" \
	"r['processes'][0]['calls']['stat']['count'] == 10" \
	"r['events']['dropped_by']['seccomp'] == 0"
ct_case 20000 syscall
ct_json "r['processes'][0]['seccomp']['via'] == 'seccomp'" \
	"r['events']['dropped_by']['seccomp'] > 0" \
	"r['processes'][0]['seccomp']['dropped'] == r['events']['dropped_by']['seccomp']" \
	"r['processes'][0]['calls']['stat']['count'] + r['events']['dropped'] >= 20000"
# the child inherits the filter: it starts no log, and the parent goes on
ct_case 10 prctl fork
grep -qx 'child: 7' "$RUN/stdout.log" || ct_fail "the forked child did not end as bare"
ct_json "len(r['processes']) == 1"
# libseccomp's seccomp_load (Debian's libseccomp.so.2, when there)
"$bin" 10 libseccomp >/dev/null 2>&1
[ $? = 77 ] && { echo "no libseccomp.so.2: its case left out"; exit 0; }
ct_case 20000 libseccomp
