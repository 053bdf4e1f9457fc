# shim_threads_short -- 2,000 short-lived threads, one at a time and 8 at a
# time: a dead thread's rest of chunk passes to the next thread, so every
# thread's records are kept (none dropped for want of chunks) and the log
# stays small (it once took a 1 MiB chunk per thread: 66 MiB on disk and
# 2,934 records lost past the 1,024th chunk).
export COLDTRACE_PACK=0   # each image's log a file of its own: this case reads, damages or plants them by name
bin=$(ct_fixture threads_short "" -pthread) || ct_fail "cannot build threads_short.c"
for wave in 1 8; do
	ct_compare "$bin" "$wave" /etc/hostname
	ct_json "r['events']['dropped'] == 0" \
		"r['processes'][0]['calls']['stat']['count'] == 8000" \
		"len([t for t in r['processes'][0]['threads'] if t['creator']]) == 2000" \
		"all(t['end_ns'] is not None for t in r['processes'][0]['threads'])"
	for log in "$RUN"/*.ctlog; do
		set -- $(stat -c '%s %b %B' "$log")
		[ "$1" -lt $((16 << 20)) ] || ct_fail "$log: $1 bytes long (wave $wave)"
		[ $(($2 * $3)) -lt $((16 << 20)) ] || ct_fail "$log: $(($2 * $3)) bytes on disk (wave $wave)"
		echo "wave $wave: $log: $1 bytes, $(($2 * $3)) on disk"
	done
done
