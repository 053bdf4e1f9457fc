# shim_inherit_ign -- a program started with SIGINT and SIGTERM ignored
# (the shim installs its handlers and reads the old dispositions in one
# rt_sigaction each) survives raising both, and sigaction reports them
# ignored and SIGSEGV at its default, as bare.
bin=$(ct_fixture inherit_ign) || ct_fail "cannot build inherit_ign.c"
ct_compare sh -c "trap '' INT TERM; exec $bin"
ct_eq "$CT_STATUS" 0 "exit status"
grep -qx 'INT ignore TERM ignore SEGV default' "$TMP/ct.out" || ct_fail "dispositions differ: $(cat "$TMP/ct.out")"
