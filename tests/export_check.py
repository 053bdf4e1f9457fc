# export_check.py TRACE.json [MIN=CAT:PH:N ...] -- structural check of a
# Chrome Trace Event file written by `coldtrace export --chrome`.
#
# Checks: it parses; every B has its E on the same thread and slices nest
# (B/E and X); timestamps never go back within a thread; every pid and
# (pid, tid) that carries an event is named by process_name/thread_name.
# Each MIN=CAT:PH:N asks for at least N events of that category and phase.
# Prints one line per defect and exits 1 when there is any.
import json
import sys
from collections import Counter, defaultdict


def check_thread(key, evs, bad):
    last = None
    stack = []          # ("B", name, ts) or ("X", end)
    for e in evs:
        ts = e["ts"]
        if last is not None and ts < last:
            bad.append("%s: ts goes back: %s after %s" % (key, ts, last))
        last = ts
        while stack and stack[-1][0] == "X" and stack[-1][1] <= ts:
            stack.pop()
        ph = e["ph"]
        if ph == "B":
            stack.append(("B", e.get("name"), ts))
        elif ph == "E":
            if not stack or stack[-1][0] != "B":
                bad.append("%s: E at %s closes %s" % (key, ts, stack[-1] if stack else "nothing"))
            else:
                stack.pop()
        elif ph == "X":
            if e.get("dur", -1) < 0:
                bad.append("%s: X without dur at %s" % (key, ts))
            end = ts + e.get("dur", 0)
            if stack and stack[-1][0] == "X" and stack[-1][1] < end:
                bad.append("%s: X at %s overlaps the X it starts in" % (key, ts))
            stack.append(("X", end))
    if any(s[0] == "B" for s in stack):
        bad.append("%s: %d B without E" % (key, sum(s[0] == "B" for s in stack)))


def main():
    doc = json.load(open(sys.argv[1]))
    evs = doc["traceEvents"]
    bad = []
    procs, threads = set(), set()
    per_thread = defaultdict(list)
    counts = Counter()
    for e in evs:
        if e["ph"] == "M":
            if e["name"] == "process_name":
                procs.add(e["pid"])
            elif e["name"] == "thread_name":
                threads.add((e["pid"], e["tid"]))
            continue
        counts[(e.get("cat"), e["ph"])] += 1
        per_thread[(e["pid"], e["tid"])].append(e)
    for key, tevs in per_thread.items():
        if key[0] not in procs:
            bad.append("pid %d has events but no process_name" % key[0])
        if key not in threads:
            bad.append("thread %s has events but no thread_name" % (key,))
        check_thread(key, tevs, bad)
    for want in sys.argv[2:]:
        cat, ph, n = want.split(":")
        if counts[(cat, ph)] < int(n):
            bad.append("%s/%s events: %d, expected at least %s" % (cat, ph, counts[(cat, ph)], n))
    for b in bad[:20]:
        print("trace: " + b)
    print("trace: %d events, %d threads, %s" % (len(evs), len(per_thread), dict(counts)))
    sys.exit(1 if bad else 0)


main()
