# shim_threads -- 32 threads x 20,000 stat/open calls: exactly that many
# records of each kind, none lost; every thread has a start and an end.
bin=$(ct_fixture threads_io "" -pthread) || ct_fail "cannot build threads_io.c"
ct_compare "$bin" /etc/hostname
ct_json "r['processes'][0]['calls']['stat']['count'] == 320000" \
	"r['processes'][0]['calls']['open']['count'] == 320000" \
	"r['processes'][0]['calls']['stat']['errors'] == 0" \
	"r['events']['dropped'] == 0" \
	"len([t for t in r['processes'][0]['threads'] if t['creator'] is not None]) == 32" \
	"all(t['end_ns'] is not None and t['creator'] == r['processes'][0]['pid'] and t['start_routine'].startswith('$bin+0x') for t in r['processes'][0]['threads'] if t['creator'])"
