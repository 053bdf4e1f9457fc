# launch_systemd -- --systemd runs the command as a transient unit where
# systemd is PID 1 (launcher.unit_name and the unit's cgroup counters);
# elsewhere (containers, this project's machines) it exits 2 with one line
# before anything is made, and no run directory is left.
if [ "$(cat /proc/1/comm 2>/dev/null)" = systemd ] && [ -d /run/systemd/system ] &&
   [ -x /usr/bin/systemd-run ]; then
	ct_launch_as systemd --quiet --systemd -- /bin/true
	ct_eq "$CT_STATUS" 0 "status under --systemd"
	ct_json "re.match(r'coldtrace-.*\.scope$', r['launcher']['unit_name'])" \
		"r['launcher']['unit']['cgroup'].endswith(r['launcher']['unit_name'])" \
		"r['launcher']['unit']['cpu_stat']['usage_usec'] >= 0"
	exit 0
fi
"$CT" --runs-dir "$TMP/runs" --systemd -- /bin/true >"$TMP/out" 2>"$TMP/err"
ct_eq "$?" 2 "exit status of --systemd without systemd as PID 1"
ct_lines "$TMP/err" 1 "message of --systemd"
grep -q '^coldtrace: --systemd: cannot run the command as a systemd unit here: PID 1 is ' "$TMP/err" ||
	ct_fail "unclear message: $(cat "$TMP/err")"
[ -s "$TMP/out" ] && ct_fail "stdout: $(cat "$TMP/out")"
[ -e "$TMP/runs" ] && ct_fail "--systemd made $(ls -R "$TMP/runs")"
"$COLDTRACE" run --runs-dir "$TMP/runs" -n 3 --systemd -- /bin/true 2>"$TMP/err2"
ct_eq "$?" 2 "exit status of a series with --systemd"
ct_lines "$TMP/err2" 1 "message of --systemd in a series"
[ -e "$TMP/runs" ] && ct_fail "a series with --systemd made $(ls -R "$TMP/runs")"
# without --systemd the keys are there, null
ct_run /bin/true
ct_json "r['launcher']['unit_name'] is None and r['launcher']['unit'] is None"
