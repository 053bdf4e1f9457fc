# launch_run_dir -- run directory names: label, timestamp, collisions, and a
# symlink planted at the run path is never followed.
ct_run /usr/bin/python3 -c 'import sys'
ct_json "re.fullmatch(r'\d{8}T\d{6}\.\d{3}Z-python3-import-sys', r['run_id'])" \
	"r['name'] == 'python3-import-sys'"

ct_run /usr/bin/head -c 1 /dev/null
ct_json "r['name'] == 'head-1-null'"

CT_OPTS=(--name '../evil/ x')
ct_run true
ct_eq "$(dirname "$RUN")" "$TMP/runs" "a --name with a slash escaped the runs directory"
ct_json "r['name'] == 'evil-x'"

# Plant, for every millisecond of a 4 s window, a symlink at the run path
# (pointing at a directory we watch) and a directory at the "-2" name.  The
# window starts where planting will surely have ended (twice the time
# planting it takes at the rate measured first), and the run starts inside
# it: on a busy disk planting runs slower than the clock.
mkdir -p "$TMP/runs" "$TMP/target" "$TMP/rate"
"$PY" - "$TMP/runs" "$TMP/target" "$TMP/rate" <<'PYEOF'
import os, sys, time, datetime
runs, target, scratch = sys.argv[1:4]
WINDOW = 4000

def plant(d, ms):
    t = datetime.datetime.fromtimestamp(ms / 1000, datetime.timezone.utc)
    base = os.path.join(d, t.strftime("%Y%m%dT%H%M%S.") + "%03dZ-trap" % (ms % 1000))
    os.symlink(target, base)
    os.mkdir(base + "-2")

t0 = time.time()
for ms in range(200):
    plant(scratch, ms)
per_ms = (time.time() - t0) / 200
start = int(time.time() * 1000 + 2 * per_ms * WINDOW * 1000) + 500
for ms in range(start, start + WINDOW):
    plant(runs, ms)
assert time.time() * 1000 < start, "planting outran its window"
time.sleep(max(0.0, start / 1000 + 0.2 - time.time()))
PYEOF
CT_OPTS=(--name trap)
ct_run sh -c 'echo planted'
ct_eq "$CT_STATUS" 0 "status with planted paths"
case $RUN in *-trap-3) ;; *) ct_fail "expected a '-trap-3' run directory, got '$RUN'" ;; esac
[ -d "$RUN" ] && [ ! -L "$RUN" ] || ct_fail "$RUN is not a plain directory"
ct_eq "$(stat -c %a "$RUN")" 700 "run directory mode"
ct_eq "$(ls -A "$TMP/target")" "" "files written through the planted symlink"
ct_eq "$(cat "$RUN/stdout.log")" planted "stdout.log"
