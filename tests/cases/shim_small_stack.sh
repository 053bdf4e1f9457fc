# shim_small_stack -- a process that ends where little stack is left (an
# 8 KiB sigaltstack, a PTHREAD_STACK_MIN thread, a stack overflow) ends as
# it does bare: coldtrace's exit work runs on a stack of its own, and the
# record still has the end.
bin=$(ct_fixture small_stack "" -pthread) || ct_fail "cannot build small_stack.c"
ct_case() {
	ct_compare "$bin" "$1"
	ct_eq "$CT_STATUS" "$2" "exit status of $1"
	cmp "$TMP/bare.err" "$RUN/stderr.log" || ct_fail "stderr differs under coldtrace: $1"
	ct_json "r['processes'][0]['exit']['how'] == '$3'"
}
ct_case alt-exit 3 _exit
ct_case alt-abort 134 signal
ct_case thread 5 exit
ct_case overflow 134 signal
# The sigaltstack cut down in 64-byte steps from 8 KiB to 2 KiB (the
# fixture bound at load, so no lazy symbol lookup takes stack in the
# handler): traced, the program ends as bare does wherever it has more
# than CT_SLACK bytes above what it needs bare; coldtrace's share of the
# host's stack is below that.
now=$(ct_fixture small_stack now -pthread -Wl,-z,now) || ct_fail "cannot build small_stack.c"
CT_SLACK=384
mkdir -p "$TMP/sweep"
for how in alt-exit alt-abort overflow; do
	need=
	for size in $(seq 8192 -64 2048); do
		"$now" "$how" "$size" >/dev/null 2>&1
		bare[$size]=$?
		[ "${bare[$size]}" = 139 ] || need=$size
	done
	echo "$how: bare needs a $need-byte sigaltstack"
	for size in $(seq 8192 -64 $((need + CT_SLACK))); do
		COLDTRACE_RUN_DIR=$TMP/sweep LD_PRELOAD=$CT_BIN_DIR/libcoldtrace.so \
			"$now" "$how" "$size" >/dev/null 2>&1
		ct_eq "$?" "${bare[$size]}" "$how on a $size-byte sigaltstack, traced vs bare"
	done
done
