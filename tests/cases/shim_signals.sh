# shim_signals -- a program's own handlers for fatal signals run as without
# coldtrace (SA_RESETHAND, SA_SIGINFO, a siglongjmp out of a SIGSEGV),
# sigaction and signal report back what the program set, and a signal
# left at its default still kills it, recorded.
bin=$(ct_fixture sighost) || ct_fail "cannot build sighost.c"
ct_compare "$bin"
ct_eq "$CT_STATUS" 143 "killed by the final SIGTERM"
ct_json "r['exit']['signal'] == 15" "r['processes'][0]['exit']['how'] == 'signal'"
