# ready_lib.sh -- helpers for the ready_* cases (ct-launch --ready),
# sourced after tests/lib.sh.  Never: a fixed port (parallel runs of the
# suite would collide) or a check that passes without a ready{} record.

READY_SERVER=$CT_ROOT/tests/fixtures/ready_server.py

# ready_port: a TCP port that was free a moment ago (bound to port 0).
ready_port() {
	"$PY" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# ready_served SPEC: the fixture server under --ready SPEC was ready in
# 300..3000 ms, stopped by coldtrace (exit 0, SIGTERM), every import of it
# ended before ready, and the record is complete.
ready_served() {
	ct_eq "$CT_STATUS" 0 "ct-launch status after --ready $1"
	ct_json "r['ready'] is not None and r['not_ready'] is None" \
		"300 <= r['timing']['time_to_ready_ms'] <= 3000" \
		"r['ready']['ms'] == r['timing']['time_to_ready_ms'] and r['ready']['spec'] == '$1'" \
		"r['ready']['at_ready'] == 'stop' and r['ready']['stop']['signal'] == 'SIGTERM'" \
		"r['exit']['signal'] == 15 and not r['ready']['stop']['sigkill']" \
		"r['processes'] and r['processes'][0]['complete']" \
		"{'json', 'sqlite3', 'http.server'} <= {i['module'] for i in r['processes'][0]['imports']}" \
		"all(i['end_ns'] and i['end_ns'] < r['ready']['t_ns'] and not i.get('after_ready') for i in r['processes'][0]['imports'])" \
		"r['processes'][0]['ready_ns'] > 300e6"
}

# ready_never TIMEOUT MODE STATUS: the fixture server in MODE (exit3,
# never) under --ready port:$port (a free port, left in $port) and
# --ready-timeout TIMEOUT ended with STATUS, and the record says it was
# never ready.
ready_never() {
	port=$(ready_port)
	ct_launch_as ready --quiet --ready port:$port --ready-timeout "$1" -- /usr/bin/python3 \
		"$READY_SERVER" 0 "$2"
	ct_eq "$CT_STATUS" "$3" "ct-launch status"
	ct_json "r['ready'] is None and r['timing']['time_to_ready_ms'] is None"
}
