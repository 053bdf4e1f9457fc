# shim_stack_use -- how much more of a thread's stack a call takes traced
# than bare (a PTHREAD_STACK_MIN thread has ~8 KiB for the program's own
# frames): the end of the image a few hundred bytes (its work runs on the
# shim's own stack), the others within their budget.
bin=$(ct_fixture stack_use now -pthread -ldl -Wl,-z,now) || ct_fail "cannot build stack_use.c"
mkdir -p "$TMP/logs"
for spec in exit:512 _exit:512 stat:1024 dlopen:1024 mmap:1536 thread:2560; do
	op=${spec%:*}
	bare=$("$bin" "$op" </dev/null)
	traced=$(COLDTRACE_RUN_DIR=$TMP/logs LD_PRELOAD=$CT_BIN_DIR/libcoldtrace.so "$bin" "$op" </dev/null)
	echo "bare: $bare, traced: $traced"
	extra=$(( ${traced#* } - ${bare#* } ))
	[ "$extra" -le "${spec#*:}" ] || ct_fail "$op takes $extra bytes more stack traced (budget ${spec#*:})"
done
