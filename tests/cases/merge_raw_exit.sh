# merge_raw_exit -- a program that ends by a raw exit_group system call (as
# Go programs do: no libc exit path, so no EXIT record) exits 3 as bare;
# the record takes its end from the launcher's wait status ("raw_exit")
# instead of calling it a daemon, and the record's not_seen (once, not per
# process) says that direct system calls are not seen.  SIGKILL: "signal" 9.
bin=$(ct_fixture raw_exit) || ct_fail "cannot build raw_exit.c"
ct_compare "$bin"
ct_eq "$CT_STATUS" 3 "exit status of the raw exit_group"
ct_json "r['processes'][0]['exit'] == {'how': 'raw_exit', 'status': 3, 'signal': None, 'snapshot': None}" \
	"r['processes'][0]['calls']['stat']['count'] == 1" \
	"not any('daemon' in w for w in r['warnings'])" \
	"any(\"without passing through libc's exit\" in w for w in r['warnings'])" \
	"'system calls made directly' in r['not_seen']" \
	"not any('not_seen' in p for p in r['processes'])"
ct_compare "$bin" kill
ct_eq "$CT_STATUS" 137 "killed by SIGKILL"
ct_json "r['processes'][0]['exit'] == {'how': 'signal', 'status': None, 'signal': 9, 'snapshot': None}" \
	"not any('daemon' in w for w in r['warnings'])"
