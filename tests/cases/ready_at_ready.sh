# ready_at_ready -- --at-ready wait traces on until the service exits by
# itself (its status is ct-launch's, what it did after ready is marked
# after_ready); --at-ready keep writes the record at ready and leaves it
# running, still writing its event log; --stop-timeout: SIGKILL for a
# service that ignores SIGTERM.
source "$CT_ROOT/tests/ready_lib.sh"
ct_launch_as wait --quiet --at-ready wait --ready 'line:^up$' -- /usr/bin/python3 -c \
	'import time; print("up", flush=True); time.sleep(0.3); import csv; raise SystemExit(5)'
ct_eq "$CT_STATUS" 5 "status with --at-ready wait"
ct_json "r['ready']['at_ready'] == 'wait' and r['ready']['stop'] is None" \
	"r['exit']['code'] == 5 and r['processes'][0]['after_ready_ns'] >= 250e6" \
	"[i['module'] for i in r['processes'][0]['imports'] if i.get('after_ready')][:1] == ['csv']"

pidfile=$TMP/keep.pid
ct_launch_as keep --quiet --at-ready keep --ready 'line:^up$' -- /usr/bin/python3 -c \
	'import os, sys, time
open(sys.argv[1], "w").write(str(os.getpid()))
print("up", flush=True)
time.sleep(30)' "$pidfile"
ct_eq "$CT_STATUS" 0 "status with --at-ready keep"
pid=$(cat "$pidfile")
kill -0 "$pid" 2>/dev/null || ct_fail "the kept service is not running"
ct_json "r['ready']['at_ready'] == 'keep' and r['ready']['detached']" \
	"r['exit'] == {'code': None, 'signal': None} and r['timing']['wall_ms'] is None" \
	"r['process']['pid'] == $pid and any('--at-ready keep' in w for w in r['warnings'])"
kill -TERM -- "-$pid"

ct_launch_as stop --quiet --ready 'line:^up$' --stop-timeout 0.5 -- /usr/bin/python3 -c \
	'import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); print("up", flush=True); time.sleep(30)'
ct_eq "$CT_STATUS" 0 "status after SIGKILL at ready"
ct_json "r['ready']['stop']['sigkill'] and r['exit']['signal'] == 9" \
	"400 <= r['ready']['stop']['stop_ms'] < 3000"
