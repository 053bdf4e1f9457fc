# py_getframe.py [N] -- best of 5 timings of N (default 1,000,000)
# sys._getframe() calls, in ns per call.  Every call raises the
# "sys._getframe" audit event, so this is the cost of an uninteresting
# event to pyhook's filter.
import sys
import time

n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000000
f = sys._getframe
best = None
for _ in range(5):
    t = time.perf_counter_ns()
    for _ in range(n):
        f()
    dt = time.perf_counter_ns() - t
    best = dt if best is None else min(best, dt)
print("%.1f" % (best / n))
