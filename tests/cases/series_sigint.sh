# series_sigint -- Ctrl-C at a terminal during a series: the running run
# ends and is kept (marked interrupted), no further run starts,
# series.json is written, and the launcher exits 130.
source "$CT_ROOT/tests/series_lib.sh"
bin=$(ct_fixture sigcount) || ct_fail "cannot build the sigcount fixture"
"$PY" - "$CT" "$TMP/runs" "$bin" <<'PYEOF' || ct_fail "Ctrl-C in a series (see above)"
import os, pty, sys, time
ct, runs, fixture = sys.argv[1], sys.argv[2], sys.argv[3]
pid, fd = pty.fork()
if pid == 0:
    os.execv(ct, [ct, "--runs-dir", runs, "-n", "3", "--cache", "asis", "--", fixture])
out = b""
def read_until(token, limit):
    global out
    end = time.time() + limit
    while token not in out and time.time() < end:
        try:
            data = os.read(fd, 4096)
        except OSError:
            break
        if not data:
            break
        out += data
read_until(b"ready", 20)
os.write(fd, b"\x03")
read_until(b"series directory", 30)
_, status = os.waitpid(pid, 0)
print(out.decode(errors="replace"))
sys.exit(0 if os.waitstatus_to_exitcode(status) == 130 else 1)
PYEOF
SERIES=$(ls -d "$TMP"/runs/*/)
ct_sjson "len(runs) == 1" "runs[0]['interrupted'] is True" "s['interrupted_by_signal'] == 2" \
	"s['exit_status'] == 130" "s['metrics'] == {}"
[ -f "$SERIES/001/record.json" ] || ct_fail "the interrupted run has no record"
