#!/usr/bin/env python3
# launch_share.py -- what ct-launch adds to the traced process's wall time,
# measured inside each run rather than against a separate bare run: under
# `strace -f --seccomp-bpf -e trace=execve,exit_group` (the command stops
# only at those calls and at its forks), the launcher's time before the
# traced command's execve ("pre": argument parsing, the run directory, the
# logs) and after the command is reaped ("post": the merge and
# record.json), each as a share of the command's own time (its execve to
# its reaping).  Both sides of one run see the same machine, so a shared
# machine's noise cancels far better than between two runs.  Per run and
# median (min-max) over RUNS runs.  The version helpers run beside the
# command on their own cores; they count only where they delay it.
#
#   python3 bench/launch_share.py RUNS CT_LAUNCH RUNS_DIR CMD...
# Not a test: it prints numbers, it does not judge them.
import os, re, statistics, subprocess, sys, tempfile

LINE = re.compile(r"^(\d+)\s+(\d+\.\d+) (execve\(|\+\+\+ exited)")


def one(launch, runs_dir, cmd, trace):
    """(pre, post, command's time) of one run, from its trace."""
    argv = ["strace", "-f", "--seccomp-bpf", "-ttt", "-e", "trace=execve,exit_group",
            "-o", trace, launch, "--quiet", "--runs-dir", runs_dir, "--"] + cmd
    if subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode:
        sys.exit("launch_share: failed: %s" % " ".join(cmd))
    execs, ends = {}, {}
    with open(trace) as f:
        for m in filter(None, map(LINE.match, f)):
            pid, t = int(m.group(1)), float(m.group(2))
            (execs.setdefault if m.group(3) == "execve(" else ends.__setitem__)(pid, t)
    # the launcher, then the command (its helpers are forked once the
    # command's exec succeeded)
    lpid, cpid = sorted(execs, key=execs.get)[:2]
    body = ends[cpid] - execs[cpid]
    return (execs[cpid] - execs[lpid]) / body, (ends[lpid] - ends[cpid]) / body, body


def main():
    runs, launch, runs_dir, cmd = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4:]
    with tempfile.TemporaryDirectory() as tmp:
        rows = [one(launch, runs_dir, cmd, os.path.join(tmp, "t%d" % i)) for i in range(runs)]
    print("%d runs: ct-launch's share of the command's own wall time, median (min-max):" % runs)
    body = [r[2] * 1e3 for r in rows]
    print("  %-8s %8.1f ms (%.1f-%.1f)" % ("command", statistics.median(body), min(body), max(body)))
    for name, share in (("pre", lambda r: r[0]), ("post", lambda r: r[1]),
                        ("pre+post", lambda r: r[0] + r[1])):
        v = [share(r) * 100 for r in rows]
        print("  %-8s %7.2f%% (%.2f-%.2f)" % (name, statistics.median(v), min(v), max(v)))


main()
