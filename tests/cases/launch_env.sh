# launch_env -- the child's environment follows the launcher/shim contract.
shim=$(readlink -f "$CT_BIN_DIR/libcoldtrace.so")
show='printf "%s\n" "$LD_PRELOAD" "$COLDTRACE_RUN_DIR" "$COLDTRACE_LAUNCHER" "${COLDTRACE_FOLLOW-unset}" "${COLDTRACE_STACKS-unset}" "${COLDTRACE_OWNER_PID-unset}"'
export COLDTRACE_OWNER_PID=1 COLDTRACE_RUN_DIR=/stale
LD_PRELOAD=/lib/x86_64-linux-gnu/libm.so.6 ct_run sh -c "$show"
ct_eq "$CT_STATUS" 0 "status"
mapfile -t got <"$RUN/stdout.log"
ct_eq "${got[0]}" "$shim:/lib/x86_64-linux-gnu/libm.so.6" "LD_PRELOAD"
ct_eq "${got[1]}" "$RUN" "COLDTRACE_RUN_DIR"
ct_eq "${got[2]}" 1 "COLDTRACE_LAUNCHER"
ct_eq "${got[3]}" unset "COLDTRACE_FOLLOW without --no-follow"
ct_eq "${got[4]}" unset "COLDTRACE_STACKS without --stacks"
ct_eq "${got[5]}" unset "COLDTRACE_OWNER_PID from an outer run"

CT_OPTS=(--no-follow --stacks all)
LD_PRELOAD=$shim ct_run sh -c "$show"
mapfile -t got <"$RUN/stdout.log"
ct_eq "${got[0]}" "$shim" "LD_PRELOAD lists the shim once"
ct_eq "${got[3]}" 0 "COLDTRACE_FOLLOW with --no-follow"
ct_eq "${got[4]}" all "COLDTRACE_STACKS with --stacks all"

"$COLDTRACE" run --runs-dir "$TMP/runs" --quiet -- true 2>"$TMP/err"
ct_eq $? 0 "coldtrace run"
RUN=$(ct_run_dir_from "$TMP/err")
ct_json "r['launcher']['mode'] == 'coldtrace-run'"
