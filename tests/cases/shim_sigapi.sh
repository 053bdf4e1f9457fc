# shim_sigapi -- signal, bsd_signal, ssignal, sysv_signal, sigset,
# sigignore, siginterrupt and sigaction leave exactly what glibc leaves
# (handler, flags, mask, one-shot reset) on the signals coldtrace watches
# and on others; after siginterrupt(sig, 1) a blocking read returns EINTR
# instead of restarting.
bin=$(ct_fixture sigapi "" -Wno-deprecated-declarations) || ct_fail "cannot build sigapi.c"
ct_compare "$bin"
cmp "$TMP/bare.err" "$RUN/stderr.log" || ct_fail "stderr differs under coldtrace"
grep -q 'read under ALRM: EINTR' "$TMP/ct.out" || ct_fail "siginterrupt(SIGALRM, 1) lost"
