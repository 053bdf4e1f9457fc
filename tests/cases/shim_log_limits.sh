# shim_log_limits -- limits cost coldtrace only the records of their
# moment, counted by cause, and never the program its life: with every
# descriptor in use a log of its own goes on (it needs none once
# started), and one in the pack keeps its first thread's records, those
# of the threads that would need <base>.ctmore made counted as lost to
# EMFILE; past
# RLIMIT_FSIZE the log stops growing instead of drawing SIGXFSZ, and the
# records lost are named "file_size_limit".
bin=$(ct_fixture log_limits "" -pthread) || ct_fail "cannot build log_limits.c"
COLDTRACE_PACK=0 ct_compare "$bin" emfile
ct_json "r['events']['dropped'] == 0" \
	"r['processes'][0]['calls']['stat']['count'] == 1310" \
	"len([t for t in r['processes'][0]['threads'] if t['creator']]) == 61"
ct_compare "$bin" emfile
ct_json "r['events']['dropped'] > 0" \
	"r['events']['dropped_by']['other'] == r['events']['dropped']" \
	"r['events']['dropped_by']['other_error'] == 'Too many open files'" \
	"any('records lost' in w and 'Too many open files' in w for w in r['warnings'])"
COLDTRACE_PACK=0 ct_compare "$bin" fsize   # a file of its own: in the pack this run stays under the limit
ct_json "r['events']['dropped'] > 0" \
	"r['events']['dropped_by']['file_size_limit'] == r['events']['dropped']" \
	"r['events']['dropped_by']['other_error'] is None" \
	"any(re.search(r'ctlog: [0-9]+ records lost: [0-9]+ to the file size limit', w) for w in r['warnings'])"
