# launch_chroot -- `chroot ROOT prog` where ROOT does not hold the shim:
# the exec'd program's stderr gains no "ld.so: object ... cannot be
# preloaded" line (the shim, and the audit library of --loader, are left
# out of what its loader is given), and the record says why it ran
# untraced.  Needs root (chroot).
[ "$(id -u)" = 0 ] || ct_skip "needs root (chroot)"
bin=$(ct_fixture ids) || ct_fail "cannot build the ids fixture"
root=$TMP/root
mkdir -p "$root"
cp "$bin" "$root/ids"
for lib in $(ldd "$bin" | grep -o '/[^ ]*'); do
	mkdir -p "$root$(dirname "$lib")" && cp "$lib" "$root$lib"
done
chroot "$root" /ids >/dev/null 2>&1 || ct_skip "chroot into a copied root fails here"
for opt in --quiet --loader; do
	chroot "$root" /ids >"$TMP/bare.out" 2>"$TMP/bare.err"
	BARE_STATUS=$?
	ct_launch_as "$opt" "$opt" -- chroot "$root" /ids
	ct_eq "$CT_STATUS" "$BARE_STATUS" "$opt: exit status under coldtrace vs bare"
	cmp "$TMP/bare.out" "$RUN/stdout.log" || ct_fail "$opt: stdout differs"
	cmp "$TMP/bare.err" "$RUN/stderr.log" || { cat "$RUN/stderr.log"; ct_fail "$opt: stderr differs"; }
	ct_json "[e['untraced'][:40] for p in r['processes'] for e in p['execs'] if e['traced'] is False] == ['its caller had changed its root (chroot)']"
done
