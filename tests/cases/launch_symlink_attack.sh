# launch_symlink_attack -- no one else's file is written.  A runs directory
# another user owns, or that others may write without the sticky bit, is
# refused (one line, exit 125; a bare run stays untraced); a run directory
# swapped for a symlink to another user's directory full of links to a
# root-only file leaves that file byte-identical: the shim opens nothing in
# the run directory through a symlink or in a directory it does not own.
export COLDTRACE_PACK=0   # each image's log a file of its own: this case reads, damages or plants them by name
[ "$(id -u)" = 0 ] || ct_skip "needs root (directories owned by another uid)"
id -u nobody >/dev/null 2>&1 || ct_skip "no user 'nobody'"
bin=$(ct_fixture swap_run_dir) || ct_fail "cannot build swap_run_dir.c"
victim=$TMP/victim
printf 'root only\n' >"$victim" && chmod 600 "$victim" && cp -p "$victim" "$TMP/victim.orig"
evil=$TMP/evil
mkdir "$TMP/theirs" "$TMP/open" "$evil" && chown nobody "$TMP/theirs" "$evil" &&
	chmod 0777 "$TMP/open" || ct_fail "cannot prepare the directories"

# ct_refused DIR WHY: ct-launch --runs-dir DIR is refused, naming WHY.
ct_refused() {
	"$CT" --runs-dir "$1" -- "$bin" "$evil" "$victim" >"$TMP/r.out" 2>"$TMP/r.err"
	ct_eq "$?" 125 "exit status with runs directory $1"
	ct_lines "$TMP/r.err" 1 "message about runs directory $1"
	grep -q "^coldtrace: runs directory '.*' $2" "$TMP/r.err" || ct_fail "unclear: $(cat "$TMP/r.err")"
	[ -s "$TMP/r.out" ] && ct_fail "the command ran with runs directory $1"
	[ -z "$(ls -A "$1")" ] || ct_fail "something was made in $1: $(ls -A "$1")"
}
ct_refused "$TMP/theirs" "is owned by another user"
ct_refused "$TMP/open" "is writable by other users"
setpriv --reuid nobody --regid nogroup --clear-groups mkdir "$TMP/theirs/runs" 2>/dev/null ||
	setpriv --reuid nobody --regid nobody --clear-groups mkdir "$TMP/theirs/runs" ||
	ct_fail "cannot make a runs directory as nobody"
ct_refused "$TMP/theirs/runs" "is owned by another user"

# bare: untraced in someone else's runs directory, output unchanged
ct_bare "$bin" "$evil" "$victim"
COLDTRACE_DIR=$TMP/theirs/runs LD_PRELOAD=$CT_BIN_DIR/libcoldtrace.so \
	"$bin" "$evil" "$victim" >"$TMP/b.out" 2>"$TMP/b.err"
ct_eq "$?" "$BARE_STATUS" "exit status of the bare run in another user's runs directory"
cmp "$TMP/bare.out" "$TMP/b.out" || ct_fail "stdout differs in the bare run"
[ -z "$(ls -A "$TMP/theirs/runs")" ] || ct_fail "a bare run dir was made in another user's runs directory"

# the swap, from inside the traced program
ct_run_live "$bin" "$evil" "$victim"
ct_eq "$CT_STATUS" "$BARE_STATUS" "exit status under coldtrace vs bare"
cmp "$TMP/bare.out" "$TMP/ct.out" || ct_fail "stdout differs under coldtrace"
[ -L "$RUN" ] || ct_fail "the fixture did not swap the run directory"
cmp "$victim" "$TMP/victim.orig" || ct_fail "the victim file was written through a planted link"
[ -z "$(find "$evil" ! -type l -newer "$TMP/victim.orig" -user root ! -path "$evil")" ] ||
	ct_fail "files were made in the other user's directory: $(ls -la "$evil")"

# export's default output in a run directory someone else could fill
mkdir "$TMP/copy" && cp "$RUN.moved"/*.ctlog "$RUN.moved/record.json" "$TMP/copy/" 2>/dev/null
[ -f "$TMP/copy/record.json" ] || "$COLDTRACE" merge "$TMP/copy" >/dev/null 2>&1
ln -s "$victim" "$TMP/copy/trace.json"
"$COLDTRACE" export --chrome "$TMP/copy" >"$TMP/e.out" 2>"$TMP/e.err"
ct_eq "$?" 125 "exit status of export whose trace.json is a planted link"
cmp "$victim" "$TMP/victim.orig" || ct_fail "export wrote the victim file through trace.json"
