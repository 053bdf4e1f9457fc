# pty_ctrl_c.py -- types Ctrl-C at a terminal: runs CMD on a new pty, waits
# (up to 20 s) for "ready" in its output, writes ^C, reads until END shows
# (up to 30 s), prints all the output and exits with CMD's exit status.
#   python3 tests/pty_ctrl_c.py END CMD [ARGS...]
import os
import pty
import sys
import time

end_token, cmd = sys.argv[1].encode(), sys.argv[2:]
pid, fd = pty.fork()
if pid == 0:
    os.execv(cmd[0], cmd)
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
read_until(end_token, 30)
_, status = os.waitpid(pid, 0)
print(out.decode(errors="replace"))
sys.exit(os.waitstatus_to_exitcode(status) & 0xff)
