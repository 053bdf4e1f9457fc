# shim_sigfork_stat -- a stat loop whose SIGALRM handler forks 50 times;
# each child returns from the handler (maybe into a call the shim was
# recording when the signal came), makes 5 stats and _exits: every child's
# image is finished, with its stats (a sixth when the interrupted stat
# returns in the child), and no log has a malformed record.
bin=$(ct_fixture sigfork_stat) || ct_fail "cannot build sigfork_stat.c"
ct_compare "$bin" /etc/hostname 50
cmp "$TMP/bare.err" "$RUN/stderr.log" || ct_fail "stderr differs under coldtrace"
grep -i "malformed" "$TMP/ct.err" && ct_fail "a log has a malformed record"
ct_json "len(r['processes']) == 51" "all(p['complete'] for p in r['processes'])" \
	"all(p['exit']['how'] == '_exit' for p in r['processes'][1:])" \
	"all(p['calls']['stat']['count'] in (5, 6) for p in r['processes'][1:])" \
	"r['events']['dropped'] == 0"
