# merge_full_tmpfs -- a run directory on a tmpfs with no room left: the
# traced images run as bare ones do (output, exit status), merge and dump
# name each log whose header found no room, say the record cannot be
# written (ENOSPC) and never crash: tmpfs gives a page of a sparse file
# memory at its first read, and SIGBUS when it has none, so the readers
# ask before they read a header nothing says was written.  Once there is
# room again the same directory merges.
unshare -m true 2>/dev/null || ct_skip "unshare -m fails here (needs root)"
SHIM=$CT_BIN_DIR/libcoldtrace.so COLDTRACE=$COLDTRACE D=$TMP/tiny unshare -m bash -c '
set -u
mkdir -p "$D" && mount -t tmpfs -o size=256k tmpfs "$D" || exit 77
mkdir "$D/run"
loop() { LD_PRELOAD=$SHIM COLDTRACE_RUN_DIR=$D/run bash -c "for i in 1 2 3; do /bin/true; done; echo done"; }
[ "$(loop)" = done ] || { echo "FAIL: traced loop (room left)"; exit 1; }
dd if=/dev/zero of="$D/fill" bs=4k 2>/dev/null
out=$(loop); rc=$?
[ "$out" = done ] && [ $rc -eq 0 ] || { echo "FAIL: traced loop on a full tmpfs: $rc $out"; exit 1; }
"$COLDTRACE" merge "$D/run" >/dev/null 2>"$D/../merge.err"; rc=$?
[ $rc -ne 0 ] && [ $rc -lt 128 ] || { echo "FAIL: merge on a full tmpfs ended $rc"; exit 1; }
grep -q "cannot write .*record.json.*No space left on device" "$D/../merge.err" ||
	{ echo "FAIL: merge did not say why"; cat "$D/../merge.err"; exit 1; }
"$COLDTRACE" dump "$D/run" >/dev/null 2>&1; rc=$?
[ $rc -lt 128 ] || { echo "FAIL: dump on a full tmpfs ended $rc"; exit 1; }
rm "$D/fill"
"$COLDTRACE" merge "$D/run" >/dev/null 2>"$D/../merge2.err" || { echo "FAIL: merge with room"; exit 1; }
cp "$D/run/record.json" "$D/../record.json"
'
rc=$?
[ $rc -eq 77 ] && ct_skip "cannot mount a tmpfs"
[ $rc -eq 0 ] || ct_fail "see above"
grep -q "header was never written" "$TMP/merge2.err" || ct_fail "no log named as never written"
RUN=$TMP   # ct_json reads $RUN/record.json
ct_json "len([p for p in r['processes'] if p['argv'] == ['/bin/true']]) >= 3" \
	"sum('header was never written' in w for w in r['warnings']) >= 4"
