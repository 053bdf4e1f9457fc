# ready_exit -- a service that exits with 3 before it is ready: ready
# null, not_ready.reason "exited", ct-launch exits 3 (its own status).
source "$CT_ROOT/tests/ready_lib.sh"
ready_never 20 exit3 3
ct_json "r['not_ready']['reason'] == 'exited' and r['not_ready']['conditions'] == ['port:$port']" \
	"r['not_ready']['stop'] is None and r['exit'] == {'code': 3, 'signal': None}" \
	"r['processes'] and r['processes'][0]['complete']" \
	"'after_ready' not in r['processes'][0]"
