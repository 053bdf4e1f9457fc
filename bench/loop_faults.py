#!/usr/bin/env python3
# loop_faults.py -- where a short traced process's page faults are: a bash
# loop of N `/bin/true` under the shim alone (and bare), every fault
# recorded by `perf record -e page-faults -c 1 -d`, counted per iteration
# for each side of it -- bash itself (the fork's parent), its fork child,
# the exec'd image -- and, in the shim's own mapping, per variable or
# page: the faults a change to the shim's layout should move.
#
#   python3 bench/loop_faults.py [N [SHIM...]]   (default 100, build/'s shim)
# Not a test: it prints numbers, it does not judge them.
import bisect, collections, os, re, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MMAP = re.compile(r"PERF_RECORD_MMAP2 (\d+)/\d+: \[(0x[0-9a-f]+)\((0x[0-9a-f]+)\) @ (\S+) .*\]: \S+ (\S+)$")
FORK = re.compile(r"PERF_RECORD_FORK\((\d+):\d+\):\((\d+):")
EXEC = re.compile(r"PERF_RECORD_COMM exec: (\S+):(\d+)/")


def symbols(so):
    """(start, size, name) of the shim's data, sorted."""
    out = subprocess.run(["nm", "-n", "-S", so], capture_output=True, text=True).stdout
    rows = [(int(p[0], 16), int(p[1], 16), p[3]) for p in map(str.split, out.splitlines())
            if len(p) == 4 and p[2] in "bBdD"]
    return sorted(rows)


def where(syms, starts, off):
    i = bisect.bisect_right(starts, off) - 1
    if i >= 0 and off < syms[i][0] + max(syms[i][1], 1):
        return syms[i][2]
    return "page %#x" % (off & ~0xfff)


def faults(n, shim, work):
    """Counter of (side, place) over the loop's faults."""
    env = dict(os.environ)
    if shim:
        env.update(LD_PRELOAD=shim, COLDTRACE_SHIM=shim, COLDTRACE_RUN_DIR=work + "/run",
                   COLDTRACE_LAUNCHER="1")
        os.makedirs(work + "/run", exist_ok=True)
    data = work + "/pf.data"
    subprocess.run(["perf", "record", "-q", "-o", data, "-e", "page-faults", "-c", "1", "-d",
                    "--", "bash", "-c", "for i in $(seq %d); do /bin/true; done" % n],
                   env=env, check=True, stderr=subprocess.DEVNULL)
    script = subprocess.run(["perf", "script", "-i", data, "--show-mmap-events",
                             "--show-task-events", "-F", "comm,pid,addr"],
                            capture_output=True, text=True).stdout
    syms = symbols(shim) if shim else []
    starts = [s[0] for s in syms]
    maps, shell, count = collections.defaultdict(list), None, collections.Counter()
    for line in script.splitlines():
        m = MMAP.search(line)
        if m:
            maps[int(m.group(1))].append((int(m.group(2), 16), int(m.group(3), 16),
                                          int(m.group(4), 0), m.group(5)))
            continue
        m = FORK.search(line)
        if m:
            maps[int(m.group(1))] = list(maps[int(m.group(2))])
            continue
        m = EXEC.search(line)
        if m:
            maps[int(m.group(2))] = []
            shell = int(m.group(2)) if m.group(1) == "bash" else shell
            continue
        p = line.split()
        if len(p) != 3 or not p[1].isdigit() or p[0] not in ("bash", "true") or "RECORD" in p[2]:
            continue
        pid, addr = int(p[1]), int(p[2], 16)
        side = "image" if p[0] == "true" else "parent" if pid == shell else "fork child"
        place = "elsewhere"
        for start, size, off, name in reversed(maps[pid]):
            if start <= addr < start + size:
                place = os.path.basename(name)
                break
        base = [s for s, _, o, name in maps[pid] if shim and name == shim and o == 0]
        if base and 0 <= addr - base[-1] < syms[-1][0] + syms[-1][1]:
            off = addr - base[-1]
            place = "shim " + (where(syms, starts, off) if off >= syms[0][0] else
                               "text/rodata page %#x" % (off & ~0xfff))
        count[(side, place)] += 1
    return count


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    shims = [os.path.realpath(s) for s in sys.argv[2:]] or [ROOT + "/build/libcoldtrace.so"]
    with tempfile.TemporaryDirectory(dir=os.environ.get("TMPDIR", "/tmp")) as work:
        bare = faults(n, None, work)
        for shim in shims:
            c = faults(n, shim, work + "/" + str(shims.index(shim)))
            print("%s, %d iterations: faults per iteration (bare)" % (shim, n))
            for side in ("parent", "fork child", "image"):
                t = sum(v for (s, _), v in c.items() if s == side)
                b = sum(v for (s, _), v in bare.items() if s == side)
                print("  %-10s %6.1f (%.1f)" % (side, t / n, b / n))
            print("  in the shim's mapping, at least once in 2 iterations:")
            for (side, place), v in sorted(c.items()):
                if place.startswith("shim ") and v * 2 >= n:
                    print("    %-10s %4.1f  %s" % (side, v / n, place[5:]))


main()
