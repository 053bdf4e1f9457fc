# vfork_spawn.py -- a Python process holding MIB MiB (written) that runs
# subprocess.run([CMD]) N times; prints "loop_ms <ms> minflt <faults>
# cpu_ms <ms>": the time of the N runs, the process's own minor faults
# (whole life), and the CPU time (user + system) of the process and its
# children, which a loaded machine disturbs less than the wall time.
#   python3 bench/vfork_spawn.py [MIB [N [CMD]]]     (600, 20, /bin/true)
import resource
import subprocess
import sys
import time

mib = int(sys.argv[1]) if len(sys.argv) > 1 else 600
n = int(sys.argv[2]) if len(sys.argv) > 2 else 20
cmd = sys.argv[3] if len(sys.argv) > 3 else "/bin/true"
ballast = b"\1" * (mib << 20)
t0 = time.perf_counter()
for _ in range(n):
    subprocess.run([cmd], check=True)
loop_ms = (time.perf_counter() - t0) * 1000
me = resource.getrusage(resource.RUSAGE_SELF)
kids = resource.getrusage(resource.RUSAGE_CHILDREN)
cpu_ms = (me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime) * 1000
print("loop_ms %.2f minflt %d cpu_ms %.1f" % (loop_ms, me.ru_minflt, cpu_ms))
