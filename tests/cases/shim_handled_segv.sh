# shim_handled_segv -- a program that handles its SIGSEGVs and recovers
# (1000 times) leaves no fatal-signal record; one left at its default
# still kills it, recorded once.
bin=$(ct_fixture segv_loop) || ct_fail "cannot build segv_loop.c"
ct_signal_records() {
	"$COLDTRACE" dump "$RUN" | grep -c '"kind":"signal"'
}
ct_compare "$bin"
cmp "$TMP/bare.err" "$RUN/stderr.log" || ct_fail "stderr differs under coldtrace"
ct_eq "$(ct_signal_records)" 0 "signal records of a program that recovers"
ct_json "r['processes'][0]['exit']['how'] == 'exit'"
ct_compare "$bin" die
ct_eq "$CT_STATUS" 139 "killed by the unhandled SIGSEGV"
ct_eq "$(ct_signal_records)" 1 "signal records of the fatal SIGSEGV"
ct_json "r['exit']['signal'] == 11" "r['processes'][0]['exit']['how'] == 'signal'"
