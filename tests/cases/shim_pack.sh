# shim_pack -- the images of a run log into one pack (images.ctpack), a
# slot each: 48 images starting at once all find the same pack (one is
# made, none is left half made), each image is recorded whole; an image
# with a second thread or more than its slot holds goes on in
# <base>.ctmore; a file in the pack's place that is no pack costs nothing
# but the pack: each image then keeps a log file of its own.
cat >"$TMP/many.sh" <<'SH'
seq 48 | xargs -P 8 -n 1 sh -c 'echo "$0" >/dev/null'
echo many
SH
ct_compare bash "$TMP/many.sh"
ct_json "len([p for p in r['processes'] if p['argv'][:2] == ['sh', '-c']]) == 48" \
	"all(p['exit'] is not None for p in r['processes'])" \
	"sorted(p['argv'][-1] for p in r['processes'] if p['argv'][:2] == ['sh', '-c']) == sorted(str(i) for i in range(1, 49))" \
	"not any('lost' in w or 'not finished' in w for w in r['warnings'])"
[ -f "$RUN/images.ctpack" ] || ct_fail "no pack"
ls "$RUN" | grep -q 'ctpack-new$' && ct_fail "a pack's temporary name is left"
ls "$RUN" | grep -q '\.ctlog$' && ct_fail "an image made a log file of its own"

# a second thread's chunk, and a thread with more records than a slot
cat >"$TMP/threads.py" <<'PY'
import os, threading
def stats():
    for _ in range(2000):
        os.stat("/etc/hostname")
t = threading.Thread(target=stats)
t.start(); t.join()
stats()
print("threads")
PY
ct_compare "$PY" "$TMP/threads.py"
more=$(ls "$RUN"/*.ctmore 2>/dev/null | wc -l)
[ "$more" -eq 1 ] || ct_fail "$more .ctmore files, expected the Python's one"
ct_json "len(r['processes'][0]['threads']) >= 2" \
	"sum(r['processes'][0]['calls'][k]['count'] for k in ('stat', 'fstatat', 'statx') if k in r['processes'][0]['calls']) >= 4000" \
	"not any('lost' in w for w in r['warnings'])"

# a file named like the pack that is none: each image logs to a file of
# its own, the file is left as it was
dir="$TMP/bare"
rm -rf "$dir" && mkdir "$dir"
printf 'not a pack' >"$dir/images.ctpack"
ct_bare env LD_PRELOAD="$(realpath "$CT_BIN_DIR/libcoldtrace.so")" COLDTRACE_RUN_DIR="$dir" \
	bash -c 'for i in 1 2 3; do /bin/true; done; echo x'
ct_eq "$(cat "$TMP/bare.out")" x "the traced loop's output"
ct_eq "$(cat "$dir/images.ctpack")" "not a pack" "the file in the pack's place"
ct_eq "$(ls "$dir"/*.ctlog | wc -l)" 4 "logs of their own (bash and three /bin/true)"
