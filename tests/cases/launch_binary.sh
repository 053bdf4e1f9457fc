# launch_binary -- output is captured byte for byte, live and in the logs.
bin=$(ct_fixture binout) || ct_fail "cannot build the binout fixture"
ct_compare "$bin"
cmp "$TMP/bare.err" "$RUN/stderr.log" || ct_fail "stderr.log differs from bare stderr"
"$PY" - "$TMP/bare.err" "$TMP/ct.err" "$RUN" <<'PYEOF' || ct_fail "live stderr differs from bare stderr"
import sys
bare, live = open(sys.argv[1], "rb").read(), open(sys.argv[2], "rb").read()
# then the short report (not under --quiet) and the run directory line
tail = b"coldtrace: run directory: " + sys.argv[3].encode() + b"\n"
sys.exit(0 if live.startswith(bare) and live.endswith(tail) else 1)
PYEOF
ct_json "r['output']['stdout_bytes'] == $(stat -c %s "$TMP/bare.out")" \
	"r['output']['stderr_bytes'] == $(stat -c %s "$TMP/bare.err")"

ct_run_live head -c 1000000 /dev/urandom
ct_eq "$CT_STATUS" 0 "status of head"
ct_eq "$(stat -c %s "$RUN/stdout.log")" 1000000 "size of stdout.log"
cmp "$TMP/ct.out" "$RUN/stdout.log" || ct_fail "live stdout and stdout.log differ"
ct_json "r['output']['stdout_bytes'] == 1000000"

# The launcher started with stdout closed: output still lands in stdout.log.
"$CT" --runs-dir "$TMP/runs" --name closed -- echo to-the-log >&- 2>"$TMP/err"
ct_eq $? 0 "status with stdout closed"
RUN=$(ct_run_dir_from "$TMP/err")
ct_eq "$(cat "$RUN/stdout.log")" to-the-log "stdout.log with the launcher's stdout closed"
