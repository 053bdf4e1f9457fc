# shim_variants -- every interposed open/stat/mmap entry point, the old
# __xstat names included, is seen exactly once per call, with the same
# results and errno as without coldtrace.
bin=$(ct_fixture variants) || ct_fail "cannot build variants.c"
ct_compare "$bin" /etc/hostname "$TMP/creat.tmp"
ct_json "r['processes'][0]['calls']['open'] == {'count': 11, 'errors': 1, 'time_ns': r['processes'][0]['calls']['open']['time_ns']}" \
	"r['processes'][0]['calls']['stat']['count'] == 5 and r['processes'][0]['calls']['stat']['errors'] == 1" \
	"r['processes'][0]['calls']['lstat']['count'] == 4" \
	"r['processes'][0]['calls']['fstat']['count'] == 4" \
	"r['processes'][0]['calls']['fstatat']['count'] == 4" \
	"r['processes'][0]['calls']['statx']['count'] == 1" \
	"r['processes'][0]['calls']['access']['count'] == 2" \
	"r['processes'][0]['calls']['creat']['count'] == 2" \
	"r['processes'][0]['calls']['fopen']['count'] == 2" \
	"r['processes'][0]['calls']['opendir']['count'] == 1" \
	"r['processes'][0]['calls']['mmap']['count'] == 3" \
	"r['processes'][0]['calls']['munmap']['count'] == 3" \
	"'pthread_create' not in r['processes'][0]['calls'] and 'fork' not in r['processes'][0]['calls']" \
	"r['processes'][0]['mmap']['file_backed'] == 2 and r['processes'][0]['mmap']['anonymous'] == 1"
