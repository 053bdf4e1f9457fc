# shim_bare -- LD_PRELOAD alone: the shim makes a run directory under
# $COLDTRACE_DIR, its children land in the same one, and record.json is
# written at the root's exit; the host's output and status are unchanged.
out=$TMP/bare-runs
rm -rf "$out"
COLDTRACE_DIR=$out LD_PRELOAD=$CT_BIN_DIR/libcoldtrace.so \
	"$PY" -c 'import subprocess, sys; subprocess.run(["/bin/true"]); print("bare ok"); sys.exit(3)' \
	>"$TMP/b.out" 2>"$TMP/b.err"
ct_eq "$?" 3 "exit status of the bare run"
ct_eq "$(cat "$TMP/b.out")" "bare ok" "stdout of the bare run"
[ -s "$TMP/b.err" ] && { cat "$TMP/b.err"; ct_fail "the bare run wrote to stderr"; }
ct_eq "$(ls "$out" | wc -l)" 1 "run directories made"
RUN=$(ls -d "$out"/*)
case $(basename "$RUN") in *-python3-import-subprocess-sys-subprocess.run-bin-true*) ;;
	*) ct_fail "unexpected run directory name $(basename "$RUN")" ;; esac
ct_json "r['launcher']['mode'] == 'preload'" "r['exit']['code'] == 3" \
	"[p['argv'] for p in r['processes'] if p['exit']['how'] != 'exec'][1:] == [['/bin/true']]" \
	"all(p['ppid'] == r['processes'][0]['pid'] for p in r['processes'][1:])"
