# shim_wait_join -- a main thread that joins 8 workers one after another,
# each sleeping 50 ms: the main thread is >= 350 ms off the CPU with
# < 100 ms on it, its wait named pthread_join (8 calls), each worker's
# nanosleep; processes[].waiting sums them.  Bare and traced alike.
bin=$(ct_fixture join_wait "" -pthread) || ct_fail "cannot build join_wait.c"
ct_compare "$bin"
ct_eq "$CT_STATUS" 3 "exit status"
ct_jmain "m['off_cpu_ns'] >= 350e6" "m['cpu_ns'] < 100e6" \
	"m['waits'][0]['what'] == 'pthread_join' and m['waits'][0]['count'] == 8" \
	"m['waits'][0]['ns'] >= 350e6"
ct_json "len(r['processes'][0]['threads']) == 9" \
	"all(t['waits'][0]['what'] == 'nanosleep' and t['waits'][0]['ns'] >= 45e6 for t in r['processes'][0]['threads'] if t['creator'])" \
	"all(t['life_ns'] >= t['cpu_ns'] + t['off_cpu_ns'] for t in r['processes'][0]['threads'])" \
	"r['processes'][0]['waiting']['threads_seen'] == 9 and r['processes'][0]['waiting']['threads_unseen'] == 0" \
	"[w for w in r['processes'][0]['waiting']['waits'] if w['what'] == 'nanosleep'][0]['threads'] == 8"
"$COLDTRACE" report "$RUN" | tr "\n" " " | tr -s " " >"$TMP/report" || ct_fail "report failed"
grep -q "the main thread: .* off the CPU .*pthread_join (8 calls)" "$TMP/report" ||
	{ cat "$TMP/report"; ct_fail "the Waiting section does not name the main thread's pthread_join"; }
grep -q "8 threads (worker): .* off the CPU each, mostly in nanosleep" "$TMP/report" ||
	{ cat "$TMP/report"; ct_fail "the Waiting section does not group the workers"; }
"$COLDTRACE" report --json "$RUN" >"$TMP/report.json" || ct_fail "report --json failed"
ct_jtrue "$TMP/report.json" j "report --json" \
	"j['waiting']['images'][0]['threads'][0]['thread'] == 'main'" \
	"j['waiting']['images'][0]['threads'][0]['top_wait']['what'] == 'pthread_join'" \
	"any('pthread_join' in s for s in j['waiting']['images'][0]['summary'])"
