# launch_signal_forward -- SIGTERM/SIGINT sent to the launcher reach the child
# (a broken pipe on the launcher's stdout: launch_pipe_reader).
"$CT" --runs-dir "$TMP/runs" --quiet -- sleep 30 2>"$TMP/err" &
pid=$!
sleep 0.5
kill -TERM $pid
wait $pid
ct_eq $? 143 "status after SIGTERM to the launcher"
RUN=$(ct_run_dir_from "$TMP/err")
ct_json "r['exit'] == {'code': None, 'signal': 15}" "r['timing']['wall_ms'] < 10000"

# A background job starts with SIGINT ignored; undo that as a shell would.
"$PY" -c 'import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); os.execv(sys.argv[1], sys.argv[1:])' \
	"$CT" --runs-dir "$TMP/runs" --quiet -- /usr/bin/python3 -c '
import signal, sys, time
signal.signal(signal.SIGINT, lambda *a: (print("got SIGINT", flush=True), sys.exit(4)))
print("ready", flush=True)
time.sleep(30)' 2>"$TMP/err" &
pid=$!
for i in $(seq 50); do
	RUN=$(ls -d "$TMP"/runs/*python3* 2>/dev/null | head -n 1)
	[ -n "$RUN" ] && grep -q ready "$RUN/stdout.log" 2>/dev/null && break
	sleep 0.1
done
kill -INT $pid
wait $pid
ct_eq $? 4 "status after SIGINT to the launcher"
ct_eq "$(cat "$RUN/stdout.log")" "ready
got SIGINT" "stdout.log"
