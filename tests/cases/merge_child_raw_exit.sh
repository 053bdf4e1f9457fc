# merge_child_raw_exit -- children that end without an EXIT record: one
# that made a traced call and left by a raw exit_group is "ended without
# exit/_exit" (its process is gone), not "a daemon or SIGKILL"; two that
# never made a traced call (as strace's probe children) get no warning and
# are counted in events.start_only.
bin=$(ct_fixture child_raw_exit) || ct_fail "cannot build child_raw_exit.c"
ct_compare "$bin"
ct_json "not any('not finished' in w for w in r['warnings'])" \
	"len([w for w in r['warnings'] if 'ended without exit/_exit' in w]) == 1" \
	"[w for w in r['warnings'] if 'ended without exit/_exit' in w][0].count(' pid ') == 1" \
	"r['events']['start_only'] == len([p for p in r['processes'] if not p['complete']]) - 1"
