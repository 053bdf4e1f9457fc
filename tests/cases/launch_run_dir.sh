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

# Plant, for every millisecond of the next 20 s, a symlink at the run path
# (pointing at a directory we watch) and a directory at the "-2" name.
mkdir -p "$TMP/runs" "$TMP/target"
"$PY" - "$TMP/runs" "$TMP/target" <<'PYEOF'
import os, sys, time, datetime
runs, target = sys.argv[1], sys.argv[2]
now = int(time.time() * 1000)
for ms in range(now, now + 20000):
    t = datetime.datetime.fromtimestamp(ms / 1000, datetime.timezone.utc)
    base = os.path.join(runs, t.strftime("%Y%m%dT%H%M%S.") + "%03dZ-trap" % (ms % 1000))
    os.symlink(target, base)
    os.mkdir(base + "-2")
PYEOF
CT_OPTS=(--name trap)
ct_run sh -c 'echo planted'
ct_eq "$CT_STATUS" 0 "status with planted paths"
case $RUN in *-trap-3) ;; *) ct_fail "expected a '-trap-3' run directory, got '$RUN'" ;; esac
[ -d "$RUN" ] && [ ! -L "$RUN" ] || ct_fail "$RUN is not a plain directory"
ct_eq "$(stat -c %a "$RUN")" 700 "run directory mode"
ct_eq "$(ls -A "$TMP/target")" "" "files written through the planted symlink"
ct_eq "$(cat "$RUN/stdout.log")" planted "stdout.log"
