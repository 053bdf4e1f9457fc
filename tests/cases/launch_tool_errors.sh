# launch_tool_errors -- the launcher's own failures: 125 and usage errors (2).
"$CT" --runs-dir /proc/x -- true >"$TMP/out" 2>"$TMP/err"
ct_eq $? 125 "--runs-dir /proc/x"
ct_lines "$TMP/err" 1 "stderr for --runs-dir /proc/x"
grep -q "^coldtrace: cannot create runs directory '/proc/x'" "$TMP/err" || ct_fail "unclear: $(cat "$TMP/err")"

COLDTRACE_LIB=/nonexistent/libcoldtrace.so "$CT" --runs-dir "$TMP/runs" -- true 2>"$TMP/err"
ct_eq $? 125 "missing shim"
ct_lines "$TMP/err" 1 "stderr for a missing shim"
[ ! -e "$TMP/runs" ] || ct_fail "a run directory was made although the shim is missing"

"$CT" >"$TMP/out" 2>"$TMP/err"
ct_eq $? 2 "no command"
grep -q '^usage: ct-launch' "$TMP/err" || ct_fail "no usage text for a missing command"

"$CT" --bogus -- true >"$TMP/out" 2>"$TMP/err"
ct_eq $? 2 "unknown option"
grep -q "^coldtrace: unknown option '--bogus'" "$TMP/err" || ct_fail "unclear: $(cat "$TMP/err")"

"$CT" --name 2>"$TMP/err"
ct_eq $? 2 "--name without a value"

"$CT" --help >"$TMP/out" 2>"$TMP/err"
ct_eq $? 0 "--help"
grep -q -- '--runs-dir' "$TMP/out" || ct_fail "--help does not list --runs-dir"

"$COLDTRACE" --version >"$TMP/out"
ct_eq $? 0 "coldtrace --version"
grep -q '^coldtrace [0-9]' "$TMP/out" || ct_fail "bad --version output"

"$COLDTRACE" frobnicate 2>"$TMP/err"
ct_eq $? 2 "unknown subcommand"
