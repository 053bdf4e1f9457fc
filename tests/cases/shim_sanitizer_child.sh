# shim_sanitizer_child -- a traced plain program starts an ASan-built one
# (gcc -fsanitize=address: DT_NEEDED libasan.so.8) with execve (also
# with an empty environment), vfork+execve, posix_spawn, fexecve, with
# execvp and posix_spawnp along PATH (past a directory and a
# non-executable file of the same name, as glibc skips them) and as a
# script's "#!" interpreter: each runs as bare (the
# runtime is put in front of the shim, or ASan refuses to run) and is
# traced; its own child gets no runtime (0 libasan mappings) and it sees
# neither the runtime in LD_PRELOAD nor COLDTRACE_SANITIZER.  Execs that
# fail (ENOEXEC, EACCES, ENOENT) fail as bare.
san=$(ct_fixture sanexec asan -fsanitize=address) ||
	ct_skip "gcc cannot build with -fsanitize=address here (libasan missing?)"
parent=$(ct_fixture sanexec) || ct_fail "cannot build tests/fixtures/sanexec.c"
mkdir -p "$TMP/dir/sanexec.asan" "$TMP/noexec"
cp "$parent" "$TMP/noexec/sanexec.asan" && chmod 644 "$TMP/noexec/sanexec.asan"
printf '#!%s\n' "$san" >"$TMP/script"
printf 'not a program\n' >"$TMP/text"
chmod 755 "$TMP/script" "$TMP/text"
export PATH="$TMP/dir:$TMP/noexec:${san%/*}:$PATH"

ct_compare "$parent" "$san" sanexec.asan "$TMP/script" "$TMP/text" "$TMP/noexec/sanexec.asan"
cmp "$TMP/bare.err" "$RUN/stderr.log" || ct_fail "stderr differs under coldtrace"
child() { printf 'child %s: LD_PRELOAD names libasan: no, COLDTRACE_SANITIZER: unset\n0\n' "$1"; }
{
	for how in execve emptyenv vfork posix_spawn fexecve execvp posix_spawnp; do
		child "$how"
		echo "$how: exit 3"
	done
	child "$TMP/script script"
	echo "script: exit 3"
	echo "text: Exec format error"
	echo "noexec: Permission denied"
	echo "missing: No such file or directory"
} >"$TMP/expected"
# errno after posix_spawn[p] is glibc's (compared with bare above, not here)
grep -v ': returned 0, errno ' "$TMP/bare.out" | diff "$TMP/expected" - ||
	ct_fail "bare output is not the expected one (see diff)"
ct_json "len([p for p in r['processes'] if p['exe'] == os.path.realpath('$san')]) == 8" \
	"sorted(p['argv'][1] for p in r['processes'] if p['argv'][0] == 'child') == sorted(
	 ['execve', 'emptyenv', 'vfork', 'posix_spawn', 'fexecve', 'execvp', 'posix_spawnp'])" \
	"any(p['argv'] == ['$san', '$TMP/script', 'script'] for p in r['processes'])"
