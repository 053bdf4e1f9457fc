# launch_strace -- ct-launch -- strace -f -o /dev/null /bin/true: strace's
# own probe children (one SIGKILLed, one leaving by a raw exit_group
# before any traced call) leave no "not finished" warning; output and
# exit status as bare.
command -v strace >/dev/null || ct_skip "no strace"
strace -f -o /dev/null /bin/true 2>/dev/null || ct_skip "strace cannot trace here (ptrace refused)"
ct_compare strace -f -o /dev/null /bin/true
ct_eq "$CT_STATUS" 0 "exit status"
cmp "$TMP/bare.err" "$RUN/stderr.log" || ct_fail "stderr differs from bare"
ct_json "not any('not finished' in w or 'daemon' in w for w in r['warnings'])" \
	"any(p['exe'] == '/usr/bin/true' for p in r['processes'])"
