# launch_untraced_why -- a program that runs untraced is reported with its
# real cause: exec'd after a drop to uid 65534 (the run directory is not
# that user's), a set-user-ID or setcap program run by a user other than
# root (secure-execution mode ignores LD_PRELOAD), as the command itself
# and exec'd by it; output and status as bare.  Needs root, setpriv, setcap.
[ "$(id -u)" = 0 ] || ct_skip "needs root (setpriv, setcap, chown)"
command -v setpriv >/dev/null && command -v setcap >/dev/null || ct_skip "no setpriv or setcap"
bin=$(ct_fixture ids) || ct_fail "cannot build the ids fixture"
cp "$bin" "$TMP/ids_suid" && chmod 4755 "$TMP/ids_suid"
cp "$bin" "$TMP/ids_cap" && setcap cap_net_bind_service+ep "$TMP/ids_cap" ||
	ct_skip "setcap failed here"
chmod 755 "$TMP"
mkdir "$TMP/nob" && chown 65534:65534 "$TMP/nob"
drop=(setpriv --reuid 65534 --regid 65534 --clear-groups)
untraced() {   # EXPR on the single untraced exec of the record
	ct_json "len([e for p in r['processes'] for e in p['execs'] if e['traced'] is False]) == 1"
	ct_json "[e for p in r['processes'] for e in p['execs'] if e['traced'] is False][0]['untraced'] $1"
}
# root drops to nobody, then execs: the run directory is root's
ct_compare "${drop[@]}" "$bin"
untraced ".startswith('it ran as uid 65534 and the run directory belongs to uid 0')"
# nobody runs a set-user-ID root program and a setcap one, exec'd by sh
for p in ids_suid ids_cap; do
	cmd=(sh -c 'exec "$0"' "$TMP/$p")
	"${drop[@]}" "${cmd[@]}" >"$TMP/bare.out" 2>"$TMP/bare.err"
	BARE_STATUS=$?
	"${drop[@]}" "$CT" --runs-dir "$TMP/nob" -- "${cmd[@]}" >"$TMP/ct.out" 2>"$TMP/ct.err"
	ct_eq $? "$BARE_STATUS" "$p: status under coldtrace vs bare"
	cmp "$TMP/bare.out" "$TMP/ct.out" || ct_fail "$p: stdout differs under coldtrace"
	RUN=$(ct_run_dir_from "$TMP/ct.err")
	case $p in
	ids_suid) untraced ".startswith('set-user-ID (effective uid 0, run by uid 65534)')" ;;
	*) untraced ".startswith('file capabilities (setcap), run by uid 65534')" ;;
	esac
	ct_json "'secure-execution mode' in [e for p in r['processes'] for e in p['execs']][0]['untraced']"
	# the same program as the command itself
	"${drop[@]}" "$CT" --runs-dir "$TMP/nob" -- "$TMP/$p" >"$TMP/ct.out" 2>"$TMP/ct.err"
	ct_eq $? 0 "$p as the command: status"
	RUN=$(ct_run_dir_from "$TMP/ct.err")
	ct_json "any('runs untraced' in w and 'secure-execution mode' in w for w in r['launcher']['warnings'])" \
		"not any('static binary' in w for w in r['warnings'])"
done
