# merge_fifo -- files the CLI reads but did not create may be FIFOs: a
# loaded library replaced by one (the launcher's merge), a record.json or a
# .ctlog that is one (report, export, merge, dump), and export's default
# output RUN_DIR/trace.json.  Each command ends at
# once, none blocks; the traced run is the same as bare.
export COLDTRACE_PACK=0   # each image's log a file of its own: this case reads, damages or plants them by name
bin=$(ct_fixture fifo_swap) || ct_fail "cannot build fifo_swap.c"
cc -shared -fPIC -o "$TMP/libdep.so" "$CT_ROOT/tests/fixtures/rp_dep.c" ||
	ct_fail "cannot build the library"
lib=$(realpath -m "$TMP/libswap.so")

# ct_within WHAT CMD...: CMD must end within 20 s; its status is in $rc.
ct_within() {
	local what=$1
	shift
	timeout -k 5 20 "$@" >"$TMP/w.out" 2>"$TMP/w.err" </dev/null
	rc=$?
	case $rc in 124 | 137) ct_fail "$what blocked on a FIFO" ;; esac
	echo "$what -> $rc"
}

ct_bare "$bin" "$TMP/libdep.so" "$lib"
ct_within "ct-launch" "$CT" --runs-dir "$TMP/runs" -- "$bin" "$TMP/libdep.so" "$lib"
ct_eq "$rc" "$BARE_STATUS" "exit status under coldtrace vs bare"
cmp "$TMP/bare.out" "$TMP/w.out" || ct_fail "stdout differs under coldtrace"
RUN=$(ct_run_dir_from "$TMP/w.err")
ct_json "any(l['path'] == '$lib' for l in r['processes'][0]['libraries'])"

mkdir "$TMP/f"
cp "$RUN"/*.ctlog "$TMP/f/"
mkfifo "$TMP/f/record.json" "$TMP/f/999.1.ctlog"
ct_within "report" "$COLDTRACE" report "$TMP/f"
ct_eq "$rc" 2 "exit status of report of a FIFO record"
ct_within "export" "$COLDTRACE" export --chrome "$TMP/f/record.json" -o "$TMP/t.json"
ct_within "dump" "$COLDTRACE" dump "$TMP/f"
ct_eq "$rc" 2 "exit status of dump with a FIFO log"
grep -q "999.1.ctlog" "$TMP/w.err" || ct_fail "dump does not name the FIFO: $(cat "$TMP/w.err")"
rm "$TMP/f/record.json"
ct_within "merge" "$COLDTRACE" merge "$TMP/f"
ct_eq "$rc" 0 "exit status of merge with a FIFO log"
RUN=$TMP/f
ct_json "any('999.1.ctlog' in w for w in r['warnings'])"
ct_within "export" "$COLDTRACE" export --chrome "$TMP/f" -o "$TMP/t.json"
ct_eq "$rc" 0 "exit status of export with a FIFO log"
mkfifo "$TMP/f/trace.json"
ct_within "export to a FIFO trace.json" "$COLDTRACE" export --chrome "$TMP/f"
ct_eq "$rc" 125 "exit status of export whose default output is a FIFO"
