# shim_fd_spray -- a thread dup2()s a data file over fds 3..63 and closes
# them, over and over, while 200 threads start and log: coldtrace never
# uses a descriptor the host could have swapped, so the data file comes
# out untouched (no fallocate, no mapping of it: no SIGBUS), bare and
# traced alike, and no record is lost.
bin=$(ct_fixture fd_spray "" -pthread) || ct_fail "cannot build fd_spray.c"
ct_bare "$bin" "$TMP/bare.dat"
ct_run_live "$bin" "$TMP/traced.dat"
ct_eq "$CT_STATUS" "$BARE_STATUS" "exit status under coldtrace vs bare"
cmp "$TMP/bare.out" "$TMP/ct.out" || ct_fail "stdout differs under coldtrace"
cmp "$TMP/bare.dat" "$TMP/traced.dat" || ct_fail "the data file differs under coldtrace"
ct_json "r['processes'][0]['calls']['stat']['count'] == 400000" \
	"r['events']['dropped'] == 0" \
	"len([t for t in r['processes'][0]['threads'] if t['creator']]) == 201"
