# launch_long_runs_dir -- a runs directory of any length under PATH_MAX:
# the run directory and every file of the run stay inside it (the shim
# once cut a 1 KiB path and wrote its files into the parent) and the
# record counts the process; one too long for the shim to hold with its
# files is refused with one line (exit 125), and bare runs under it stay
# untraced; nothing lands outside a run directory.
deep_dir() {   # LEN: a fresh directory whose path is LEN bytes
	local d=$TMP/deep
	rm -rf "$d"
	while [ ${#d} -lt "$1" ]; do d=$d/$(printf 'a%.0s' $(seq 200)); done
	d=${d:0:$1}
	mkdir -p "$d" && echo "$d"
}
outside() {    # RUN: files under $TMP/deep that are not in RUN
	find "$TMP/deep" -type f | grep -v -F "${1:-/nothing/}/" | sed 's/a\{20,\}/A/g'
}
for len in 1022 1030 2500; do
	d=$(deep_dir $len)
	"$CT" --runs-dir "$d" --quiet -- /bin/echo hi >/dev/null 2>"$TMP/ct.err"
	ct_eq $? 0 "status with a runs directory of $len bytes"
	RUN=$(ct_run_dir_from "$TMP/ct.err")
	[ -z "$(outside "$RUN")" ] || { outside "$RUN"; ct_fail "$len: files outside the run dir"; }
	ct_json "len(r['processes']) == 1" "r['processes'][0]['argv'] == ['/bin/echo', 'hi']"
	rm -rf "$RUN"
	COLDTRACE_DIR=$d LD_PRELOAD=$CT_BIN_DIR/libcoldtrace.so /bin/echo hi >"$TMP/b.out" 2>"$TMP/b.err"
	ct_eq "$?:$(cat "$TMP/b.out"):$(cat "$TMP/b.err")" "0:hi:" "bare run under $len bytes"
	RUN=$(ls -d "$d"/*-echo-hi)
	[ -z "$(outside "$RUN")" ] || { outside "$RUN"; ct_fail "$len bare: files outside the run dir"; }
	ct_json "len(r['processes']) == 1" "r['launcher']['mode'] == 'preload'"
done
d=$(deep_dir 4000)
"$CT" --runs-dir "$d" -- /bin/echo hi >"$TMP/ct.out" 2>"$TMP/ct.err"
ct_eq $? 125 "status with a runs directory of 4000 bytes"
ct_lines "$TMP/ct.err" 1 "the refusal"
grep -q '^coldtrace: runs directory too long (4000 bytes)' "$TMP/ct.err" || ct_fail "refusal: $(cat "$TMP/ct.err")"
[ -s "$TMP/ct.out" ] && ct_fail "a refused run wrote to stdout"
COLDTRACE_DIR=$d LD_PRELOAD=$CT_BIN_DIR/libcoldtrace.so /bin/echo hi >"$TMP/b.out" 2>"$TMP/b.err"
ct_eq "$?:$(cat "$TMP/b.out"):$(cat "$TMP/b.err")" "0:hi:" "bare run under 4000 bytes"
[ -z "$(find "$d" -mindepth 1)" ] || ct_fail "a bare run under 4000 bytes wrote $(find "$d" -mindepth 1 | head -1)"
# Set by hand, a COLDTRACE_RUN_DIR the shim cannot hold: untraced, nothing written.
r=$d/run-$(printf 'r%.0s' $(seq 36))
mkdir -p "$r"
COLDTRACE_RUN_DIR=$r LD_PRELOAD=$CT_BIN_DIR/libcoldtrace.so /bin/echo hi >"$TMP/b.out" 2>"$TMP/b.err"
ct_eq "$?:$(cat "$TMP/b.out"):$(cat "$TMP/b.err")" "0:hi:" "run dir of ${#r} bytes"
[ -z "$(find "$TMP/deep" -type f)" ] || ct_fail "files written for a run dir of ${#r} bytes"
