# ready_exit -- a service that exits with 3 before it is ready: ready
# null, not_ready.reason "exited", ct-launch exits 3 (its own status).
source "$CT_ROOT/tests/ready_lib.sh"
port=$(ready_port)
ct_launch_as ready --quiet --ready port:$port --ready-timeout 20 -- /usr/bin/python3 "$READY_SERVER" 0 exit3
ct_eq "$CT_STATUS" 3 "ct-launch status"
ct_json "r['ready'] is None and r['timing']['time_to_ready_ms'] is None" \
	"r['not_ready']['reason'] == 'exited' and r['not_ready']['conditions'] == ['port:$port']" \
	"r['not_ready']['stop'] is None and r['exit'] == {'code': 3, 'signal': None}" \
	"r['processes'] and r['processes'][0]['complete']" \
	"'after_ready' not in r['processes'][0]"
