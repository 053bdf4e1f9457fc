# launch_not_found -- 127 / 126 decided by the launcher: one line, and a record.
ct_run /nonexistent/cmd
ct_eq "$CT_STATUS" 127 "status for /nonexistent/cmd"
ct_lines "$TMP/ct.err" 1 "stderr for /nonexistent/cmd"
grep -q "command not found: '/nonexistent/cmd'" "$TMP/ct.err" || ct_fail "unclear message: $(cat "$TMP/ct.err")"
ct_json "r['error'].startswith('command not found')" "r['exit']['code'] == 127" \
	"r['process']['pid'] is None" "r['timing']['wall_ms'] is None"

ct_run coldtrace-no-such-command-xyz arg
ct_eq "$CT_STATUS" 127 "status for a command not on PATH"
ct_lines "$TMP/ct.err" 1 "stderr for a command not on PATH"

printf 'not a program\n' >"$TMP/data.txt"
chmod 0644 "$TMP/data.txt"
ct_run "$TMP/data.txt"
ct_eq "$CT_STATUS" 126 "status for a file without x permission"
ct_lines "$TMP/ct.err" 1 "stderr for a non-executable file"
ct_json "r['error'].startswith('cannot execute')" "r['exit']['code'] == 126"

ct_run "$TMP"
ct_eq "$CT_STATUS" 126 "status for a directory"
