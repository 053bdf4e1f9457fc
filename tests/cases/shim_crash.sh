# shim_crash -- a segfault, an abort() and a SIGKILL: the process dies the
# way it would have, and what it did before is in the record.
bin=$(ct_fixture crash) || ct_fail "cannot build crash.c"
for how in segv abort kill; do
	ct_compare "$bin" "$how"
	ct_json "r['processes'][0]['calls']['open']['count'] == 25"
	case $how in
	segv)  ct_json "r['exit']['signal'] == 11" "r['processes'][0]['exit']['how'] == 'signal'" "r['processes'][0]['proc'] is not None" ;;
	abort) ct_json "r['exit']['signal'] == 6" "r['processes'][0]['exit']['signal'] == 6" ;;
	kill)  ct_json "r['exit']['signal'] == 9" "r['processes'][0]['complete'] is False" ;;
	esac
done
