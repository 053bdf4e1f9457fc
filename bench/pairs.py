#!/usr/bin/env python3
# pairs.py -- runs commands in alternating rounds and prints, per measure,
# the median of each kind and the median of its per-round ratio to the
# first kind (the kinds' order rotating from round to round), with a 95%
# bootstrap interval of that median and min-max:
# wall, CPU (user + system of the process and its children, from wait4)
# and minor faults.  CPU and faults are what to trust on a shared machine;
# wall is printed too.  A target is shown met when the interval's upper end
# is within it.  Last on each line, the ratio of the kind's fastest run to
# the base's ("best"): a shared machine's noise only ever adds time, so on
# a noisy one the fastest runs are the steadier estimate.
#
#   PREP='shell command' python3 bench/pairs.py ROUNDS KIND=COMMAND...
#   (each COMMAND a shell command line, the first KIND the base; PREP, if
#   set, runs untimed before every run: clearing a run directory; RAW=FILE
#   writes every run's kind, wall, CPU and faults there, one per line)
import os, random, statistics, subprocess, sys, time


def interval(ratios, draws=10000):
    """95% percentile-bootstrap interval of the median ratio (fixed seed:
    the same rounds give the same interval)."""
    rng = random.Random(1)
    meds = sorted(statistics.median(rng.choices(ratios, k=len(ratios))) for _ in range(draws))
    return meds[int(0.025 * draws)], meds[int(0.975 * draws) - 1]


def one(cmd):
    if os.environ.get("PREP"):
        subprocess.run(os.environ["PREP"], shell=True, check=True)
    t0 = time.monotonic()
    p = subprocess.Popen(cmd, shell=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.monotonic() - t0
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit("pairs: failed: %s" % cmd)
    return wall * 1e3, (ru.ru_utime + ru.ru_stime) * 1e3, ru.ru_minflt


def main():
    rounds = int(sys.argv[1])
    kinds = [a.split("=", 1) for a in sys.argv[2:]]
    runs = {k: [] for k, _ in kinds}
    subprocess.run(kinds[0][1], shell=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)  # warm the page cache
    for r in range(rounds):
        # each round starts with the next kind: no kind always follows another
        for k, cmd in kinds[r % len(kinds):] + kinds[:r % len(kinds)]:
            runs[k].append(one(cmd))
    base = kinds[0][0]
    if os.environ.get("RAW"):
        with open(os.environ["RAW"], "w") as f:
            for k, _ in kinds:
                f.writelines("%s %.3f %.3f %d\n" % ((k,) + r) for r in runs[k])
    print("%d alternating rounds; median, and the median ratio to %s [95%% interval] (min-max), "
          "best:" % (rounds, base))
    for col, name, fmt in ((0, "wall", "%8.1f ms"), (1, "CPU", "%8.1f ms"), (2, "minor faults", "%9.0f  ")):
        b = [r[col] for r in runs[base]]
        print("  %-13s %-8s " % (name, base) + fmt % statistics.median(b))
        for k, _ in kinds[1:]:
            v = [r[col] for r in runs[k]]
            ratios = [y / x for x, y in zip(b, v)]
            print("  %-13s %-8s " % ("", k) + fmt % statistics.median(v) +
                  "  %.3fx [%.3f, %.3f] (%.3f-%.3f), best %.3fx" %
                  ((statistics.median(ratios),) + interval(ratios) +
                   (min(ratios), max(ratios), min(v) / min(b))))


main()
