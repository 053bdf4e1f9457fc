# launch_stacks_usage -- --stacks takes only the words the shim knows: an
# unknown or empty word is a usage error (2, the message and an example),
# not a run whose stacks are silently off.
for bad in bogus "" "dlopen,,thread" "file,bogus"; do
	"$CT" --runs-dir "$TMP/runs" --stacks "$bad" -- true >"$TMP/out" 2>"$TMP/err"
	ct_eq $? 2 "--stacks '$bad'"
	ct_lines "$TMP/err" 2 "stderr for --stacks '$bad'"
	grep -q "^coldtrace: --stacks takes" "$TMP/err" || ct_fail "unclear: $(cat "$TMP/err")"
done
[ ! -e "$TMP/runs" ] || ct_fail "a run directory was made for a usage error"
CT_OPTS=(--stacks dlopen,file,process)
ct_run true
ct_eq "$CT_STATUS" 0 "--stacks dlopen,file,process"
