# launch_exit_code -- the child's exit status, stdout.log and every v0 key.
CT_OPTS=(--name x)
ct_run python3 -c 'import sys; print("hi"); sys.exit(7)'
ct_eq "$CT_STATUS" 7 "ct-launch exit status"
ct_eq "$(od -An -c "$RUN/stdout.log" | tr -s ' ')" " h i \n" "stdout.log"
"$PY" -m json.tool "$RUN/record.json" >/dev/null || ct_fail "record.json does not parse"
ct_json_has_v0_keys
ct_json "r['exit'] == {'code': 7, 'signal': None}" \
	"r['name'] == 'x'" "r['run_id'] == os.path.basename('$RUN')" \
	"re.fullmatch(r'\d{8}T\d{6}\.\d{3}Z-x', r['run_id'])" \
	"r['launcher'] == {'mode': 'ct-launch', 'unit_name': None, 'unit': None, 'follow': True, 'warnings': []}" \
	"r['command']['argv'] == ['python3', '-c', 'import sys; print(\"hi\"); sys.exit(7)']" \
	"r['command']['cwd'] == os.getcwd()" \
	"r['output'] == {'stdout_bytes': 3, 'stderr_bytes': 0, 'late': {'stdout_bytes': 0, 'stderr_bytes': 0, 'drainer_pid': None, 'complete': True}}" \
	"r['artifacts']['stdout'] == 'stdout.log' and r['artifacts']['record'] == 'record.json'" \
	"r['process']['pid'] > 0 and r['error'] is None" \
	"r['host']['kernel'] == os.uname().release and r['host']['hostname'] == os.uname().nodename" \
	"re.fullmatch(r'\d+\.\d+\.\d+.*', r['host']['python_version'])"
ct_eq "$(stat -c %a "$RUN")" 700 "run directory mode"
ct_compare python3 -c 'import sys; print("hi"); sys.exit(7)'
