# launch_timing -- wall time, time to first stdout, rusage, start time.
before=$("$PY" -c 'import time; print(int(time.time() * 1000))')
ct_run sh -c 'sleep 0.3; echo late; sleep 0.2'
after=$("$PY" -c 'import time; print(int(time.time() * 1000))')
ct_json "$before <= r['timing']['started_unix_ms'] <= $after" \
	"500 <= r['timing']['wall_ms'] <= $after - $before" \
	"300 <= r['timing']['time_to_first_stdout_ms'] < r['timing']['wall_ms']" \
	"r['timing']['time_to_ready_ms'] is None" \
	"all(isinstance(v, int) and v >= 0 for v in r['rusage'].values())" \
	"r['rusage']['max_rss_kb'] > 0"

ct_run sh -c 'echo only-stderr >&2'
ct_json "r['timing']['time_to_first_stdout_ms'] is None" \
	"r['output'] == {'stdout_bytes': 0, 'stderr_bytes': 12, 'late': {'stdout_bytes': 0, 'stderr_bytes': 0, 'drainer_pid': None, 'complete': True}}"

# CPU time is the child's, measured by wait4.
ct_run /usr/bin/python3 -c 'x = sum(range(3 * 10**7))'
ct_json "r['rusage']['user_cpu_ms'] >= 100"
