# ctlog_write.py -- writes synthetic .ctlog event logs (format: common/ct_log.h)
# for cases that need logs no real program leaves: damaged values, or
# thousands of processes.  Imported by tests/cases/*.sh through $PY.
import json
import os
import struct

CHUNK = 1024 * 1024
PROC_START, EXIT, OPEN, MMAP, DLOPEN = 1, 2, 20, 40, 50


def _varint(v):
    out = bytearray()
    while True:
        b = v & 0x7F
        v >>= 7
        out.append(b | (0x80 if v else 0))
        if not v:
            return bytes(out)


def _zz(v):
    return ((v << 1) ^ (v >> 63)) & (2**64 - 1)


def record(kind, t_ns, dur_ns=0, result=0, err=0, a0=0, a1=0, a2=0, strings=()):
    """One record: head, present mask, varints, NUL-terminated strings, padding."""
    fields = [dur_ns & (2**64 - 1), _zz(result), _zz(err), _zz(a0), _zz(a1), _zz(a2)]
    present, body = 0, b""
    for i, v in enumerate(fields):
        if v:
            present |= 1 << i
            body += _varint(v)
    body = bytes([present]) + body + b"".join(s.encode() + b"\0" for s in strings)
    size = (16 + len(body) + 7) & ~7
    head = struct.pack("<HBBIQ", size, kind, len(strings), 0, t_ns)
    return (head + body).ljust(size, b"\0")


def write_log(path, pid, ppid, start_ns, records, tid=None, finished=1):
    """A log with one chunk holding records (bytes from record())."""
    data = b"".join(records)
    hdr = struct.pack("<8sIIIIQQIIII", b"CTLOG01\0", 2, CHUNK, pid, ppid, start_ns,
                      start_ns + 1_700_000_000_000_000_000, 2, 0, finished, 0)
    chdr = struct.pack("<IIII", 0x4B4E4843, tid or pid, len(data), 0)
    with open(path, "wb") as f:
        f.write(hdr)
        f.seek(CHUNK)
        f.write(chdr + data)


def proc_log(rundir, pid, ppid, start_ns, argv, extra=(), exit_status=0, exit_how=0,
             exit_ns=None):
    """The log of one short process: start, extra records, exit (how: 0
    exit, 3 exec; at exit_ns, by default 1 us after the start)."""
    recs = [record(PROC_START, start_ns, a0=ppid, a1=start_ns, strings=(argv[0], "\x1f".join(argv)))]
    recs += list(extra)
    recs.append(record(EXIT, exit_ns or start_ns + 1000, a0=exit_status, a1=exit_how))
    path = os.path.join(rundir, "%d.%d.ctlog" % (pid, start_ns))
    write_log(path, pid, ppid, start_ns, recs)
    return path


FORK, EXEC = 4, 7
SNAPSHOT = {"status": "VmPeak:\t 2000 kB\nVmHWM:\t 1000 kB\nVmRSS:\t 1000 kB\nThreads:\t1\n",
            "cgroup": "0::/user.slice\n", "fds": "0 /dev/null\n1 /dev/null\n2 /dev/null\n",
            "smaps": "00400000-00401000 r-xp 00000000 08:01 12 /bin/true\nRss: 4 kB\n"}


def _snapshot(rundir, base):
    for ext, text in SNAPSHOT.items():
        with open(os.path.join(rundir, "%s.%s" % (base, ext)), "w") as f:
            f.write(text)


def shell_loop(rundir, n, root=100000):
    """A shell that forks n children, each exec'ing /bin/true: the shell's
    log, each fork child's log (ended by its exec) and each /bin/true's,
    every image with its exit snapshot, as a traced `for` loop leaves them
    (1 + 2n images)."""
    forks = [record(FORK, 4000 + 3000 * i, result=root + 1 + i) for i in range(n)]
    proc_log(rundir, root, 1, 1000, ["/bin/sh", "sh", "loop.sh"], extra=forks,
             exit_ns=4000 + 3000 * n)
    _snapshot(rundir, "%d.%d" % (root, 1000))
    for i in range(n):
        pid, ts = root + 1 + i, 4010 + 3000 * i
        ex = record(EXEC, ts + 900, a0=2, strings=("/bin/true", "true"))
        proc_log(rundir, pid, root, ts, ["/bin/sh", "sh", "loop.sh"], extra=[ex], exit_how=3)
        proc_log(rundir, pid, root, ts + 1100, ["/bin/true", "true"])
        for base in ("%d.%d" % (pid, ts), "%d.%d" % (pid, ts + 1100)):
            _snapshot(rundir, base)


SNAP = 14
SNAP_PARTS = ("status", "cgroup", "fds", "smaps")   # a0 of a SNAP record


def snap_to_file(log, dump_lines):
    """Rewrites the real log `log` as one from before SNAP records: its
    other records (from `coldtrace dump`'s lines, one thread's) in a log of
    one chunk, and its snapshot as <base>.snap, the same bytes the merger
    rebuilds from the records."""
    evs = [json.loads(line) for line in dump_lines]
    hdr, recs, parts = evs[0], [], {}
    for e in evs[1:]:
        if e["kind_id"] != SNAP:
            recs.append(record(e["kind_id"], e["t_ns"], e["dur_ns"], e["result"], e["err"],
                               e["a0"], e["a1"], e["a2"], e["s"]))
            continue
        name = SNAP_PARTS[e["a0"]]
        if e["a1"]:
            parts[name] = ""
        parts[name] = parts.get(name, "") + "".join(e["s"])
    write_log(log, hdr["pid"], hdr["ppid"], hdr["start_mono_ns"], recs)
    with open(log[:-len(".ctlog")] + ".snap", "wb") as f:
        for name in SNAP_PARTS:
            if name in parts:
                f.write(b"\0" + name.encode() + b"\n" + parts[name].encode())
