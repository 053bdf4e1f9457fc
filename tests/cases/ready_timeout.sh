# ready_timeout -- a service that never becomes ready: --ready-timeout 2
# stops it after 2 s, exit 124, and the record says why (not_ready).
source "$CT_ROOT/tests/ready_lib.sh"
port=$(ready_port)
ct_launch_as ready --quiet --ready port:$port --ready-timeout 2 -- /usr/bin/python3 "$READY_SERVER" 0 never
ct_eq "$CT_STATUS" 124 "ct-launch status"
ct_json "r['ready'] is None and r['timing']['time_to_ready_ms'] is None" \
	"r['not_ready']['reason'] == 'timeout' and r['not_ready']['timeout_ms'] == 2000" \
	"2000 <= r['not_ready']['ms'] < 2500" \
	"r['not_ready']['stop']['signal'] == 'SIGTERM' and r['exit']['signal'] == 15" \
	"r['processes'] and r['processes'][0]['imports']"
