# py_wait_join -- Python's main thread waits 8 x 50 ms on worker threads
# (threading: start, join): >= 350 ms off the CPU, < 100 ms on it, the
# wait named (sem_wait, the lock Thread.join acquires), the workers'
# time.sleep as clock_nanosleep.  Bare and traced alike.
ct_compare /usr/bin/python3 "$CT_ROOT/tests/fixtures/py_join_wait.py"
ct_jmain "m['off_cpu_ns'] >= 350e6" "m['cpu_ns'] < 100e6" \
	"m['waits'][0]['what'] in ('sem_wait', 'sem_clockwait', 'sem_timedwait')" \
	"m['waits'][0]['ns'] >= 350e6"
ct_json "len([t for t in r['processes'][0]['threads'] if t['creator'] and t['waits'] and t['waits'][0]['what'] == 'clock_nanosleep']) == 8"
"$COLDTRACE" report "$RUN" | tr "\n" " " | tr -s " " >"$TMP/report" || ct_fail "report failed"
grep -q "the main thread: .* off the CPU .*it waited .* in sem_.*Python lock" "$TMP/report" ||
	{ cat "$TMP/report"; ct_fail "the Waiting section does not name the main thread's lock wait"; }
