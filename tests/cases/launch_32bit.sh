# launch_32bit -- a dynamically linked 32-bit program runs as it does bare:
# its loader would refuse the 64-bit shim with an error line on the
# program's stderr, so the launcher leaves LD_PRELOAD alone and says why,
# and a traced process that execs one takes the shim out of its LD_PRELOAD.
[ -e /lib/ld-linux.so.2 ] || ct_skip "no 32-bit loader (apt-get install libc6-i386)"
bin=$(ct_fixture hello32 "" -m32 -nostdlib -nostartfiles -fpie -pie -fno-stack-protector \
	-Wl,--dynamic-linker=/lib/ld-linux.so.2) || ct_fail "cannot build the 32-bit fixture (gcc -m32)"
ct_compare "$bin"
ct_eq "$CT_STATUS" 3 "exit status of the 32-bit fixture"
cmp "$TMP/bare.err" "$RUN/stderr.log" || ct_fail "stderr differs under coldtrace: $(cat "$RUN/stderr.log")"
grep -q '^coldtrace: warning: a 32-bit program cannot preload the 64-bit shim' "$TMP/ct.err" ||
	ct_fail "no warning on stderr: $(cat "$TMP/ct.err")"
ct_json "any('a 32-bit program cannot preload the 64-bit shim' in w for w in r['warnings'])" \
	"r['exit']['code'] == 3"

# exec'd by a traced process: the shim leaves itself out of the program's
# LD_PRELOAD (no error line from its loader), the record says why
ct_run sh -c "$bin; exit 0"
cmp "$TMP/bare.out" "$RUN/stdout.log" || ct_fail "stdout differs when exec'd by a traced shell"
[ ! -s "$RUN/stderr.log" ] || ct_fail "stderr when exec'd by a traced shell: $(cat "$RUN/stderr.log")"
ct_json "any(\"untraced (a 32-bit program: the 64-bit shim cannot be loaded\" in w for w in r['warnings'])"
