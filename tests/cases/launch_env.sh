# launch_env -- the child's environment follows the launcher/shim contract.
# Read from /proc/<pid>/environ: the environment the command was started
# with, whatever the shim later does to its own copy.
shim=$(readlink -f "$CT_BIN_DIR/libcoldtrace.so")
show='tr "\0" "\n" </proc/$$/environ; exit 0'   # not the last command: sh must not exec tr
# ct_env NAME: value of NAME in the last run's initial environment, or "unset".
ct_env() {
	grep -q "^$1=" "$RUN/stdout.log" || { echo unset; return; }
	sed -n "s/^$1=//p" "$RUN/stdout.log"
}

export COLDTRACE_OWNER_PID=1 COLDTRACE_RUN_DIR=/stale
LD_PRELOAD=/lib/x86_64-linux-gnu/libm.so.6 ct_run sh -c "$show"
ct_eq "$CT_STATUS" 0 "status"
ct_eq "$(ct_env LD_PRELOAD)" "$shim:/lib/x86_64-linux-gnu/libm.so.6" "LD_PRELOAD"
ct_eq "$(ct_env COLDTRACE_RUN_DIR)" "$RUN" "COLDTRACE_RUN_DIR"
ct_eq "$(ct_env COLDTRACE_LAUNCHER)" "$(python3 -c "import json; print(json.load(open('$RUN/record.json'))['processes'][0]['ppid'])")" \
	"COLDTRACE_LAUNCHER: the launcher's pid, its command's parent"
ct_eq "$(ct_env COLDTRACE_FOLLOW)" unset "COLDTRACE_FOLLOW without --no-follow"
ct_eq "$(ct_env COLDTRACE_STACKS)" unset "COLDTRACE_STACKS without --stacks"
ct_eq "$(ct_env COLDTRACE_OWNER_PID)" unset "COLDTRACE_OWNER_PID from an outer run"

CT_OPTS=(--no-follow --stacks all)
ct_run sh -c "$show"
ct_eq "$(ct_env LD_PRELOAD)" "$shim" "LD_PRELOAD without earlier entries"
ct_eq "$(ct_env COLDTRACE_FOLLOW)" 0 "COLDTRACE_FOLLOW with --no-follow"
ct_eq "$(ct_env COLDTRACE_STACKS)" all "COLDTRACE_STACKS with --stacks all"

"$COLDTRACE" run --runs-dir "$TMP/runs" --quiet -- true 2>"$TMP/err"
ct_eq $? 0 "coldtrace run"
RUN=$(ct_run_dir_from "$TMP/err")
ct_json "r['launcher']['mode'] == 'coldtrace-run'"
