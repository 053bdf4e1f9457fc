# ready_timeout -- a service that never becomes ready: --ready-timeout 2
# stops it after 2 s, exit 124, and the record says why (not_ready).
source "$CT_ROOT/tests/ready_lib.sh"
ready_never 2 never 124
ct_json "r['not_ready']['reason'] == 'timeout' and r['not_ready']['timeout_ms'] == 2000" \
	"2000 <= r['not_ready']['ms'] < 2500" \
	"r['not_ready']['stop']['signal'] == 'SIGTERM' and r['exit']['signal'] == 15" \
	"r['processes'] and r['processes'][0]['imports']"
