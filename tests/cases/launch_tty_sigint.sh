# launch_tty_sigint -- Ctrl-C typed at a terminal reaches the command once:
# the terminal signals the whole foreground process group, so the launcher
# must not forward its own copy.
# (A duplicate can coalesce with the first delivery, so a launcher that
# forwards shows up most of the time, not every time.)
bin=$(ct_fixture sigcount) || ct_fail "cannot build the sigcount fixture"
"$PY" - "$CT" "$TMP/runs" "$bin" <<'PYEOF' || ct_fail "Ctrl-C under a terminal (see above)"
import os, pty, sys, time
ct, runs, fixture = sys.argv[1], sys.argv[2], sys.argv[3]
pid, fd = pty.fork()
if pid == 0:
    os.execv(ct, [ct, "--runs-dir", runs, "--", fixture])
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
read_until(b"run directory", 20)
_, status = os.waitpid(pid, 0)
print(out.decode(errors="replace"))
ok = b"count=1" in out and os.waitstatus_to_exitcode(status) == 0
sys.exit(0 if ok else 1)
PYEOF
