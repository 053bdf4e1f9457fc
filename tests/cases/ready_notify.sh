# ready_notify -- --ready notify: READY=1 over $NOTIFY_SOCKET after 200 ms,
# from the command itself and from a child it forked (MAINPID=): the ready
# moment is within 50 ms of the fixture's own clock; STATUS= lines are kept.
# Without --ready notify the command sees no NOTIFY_SOCKET.
source "$CT_ROOT/tests/ready_lib.sh"
fix=$CT_ROOT/tests/fixtures/ready_notify.py
for mode in main fork; do
	ct_launch_as ready --quiet --ready notify -- /usr/bin/python3 "$fix" $mode
	ct_eq "$CT_STATUS" 0 "ct-launch status ($mode)"
	clock=$(sed -n 's/^clock //p' "$RUN/stdout.log")
	[ -n "$clock" ] || ct_fail "the fixture printed no clock ($mode)"
	ct_json "r['ready']['condition'] == 'notify'" \
		"abs(r['ready']['t_ns'] - $clock) <= 50e6" \
		"200 <= r['timing']['time_to_ready_ms'] <= 3000" \
		"r['ready']['notify']['socket'].startswith('@')" \
		"[s['text'] for s in r['ready']['notify']['status']] == ['starting', 'serving']"
done
ct_json "r['ready']['notify']['main_pid'] == r['ready']['notify']['sender_pid']" \
	"r['ready']['notify']['main_pid'] != r['process']['pid']" \
	"r['ready']['notify']['main_pid'] in [p['pid'] for p in r['processes']]"
NOTIFY_SOCKET=/run/outer.sock ct_launch_as plain --quiet --ready 'line:.' -- sh -c 'echo "${NOTIFY_SOCKET-unset}"'
ct_eq "$(cat "$RUN/stdout.log")" /run/outer.sock "NOTIFY_SOCKET without --ready notify"
