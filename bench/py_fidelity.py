#!/usr/bin/env python3
# py_fidelity.py -- compares coldtrace's imports[] with `python -X importtime`.
#
# usage: py_fidelity.py SAME_RUN_RECORD... -- [BARE_IMPORTTIME...]
#   SAME_RUN_RECORD  record.json of a coldtrace run of `python -X importtime
#                    ...`: its stderr.log (CPython's table) and imports[] come
#                    from one process, measured by both.  Module multisets
#                    and parents must be equal in each run; the top 20 by
#                    median self time must be the same modules (up to ties,
#                    see tie_ok), the median totals within 5%.
#   BARE_IMPORTTIME  stderr of bare `python -X importtime ...` runs: shows
#                    what coldtrace itself adds (reported, not checked).
# Prints a report; exits 1 when a check fails.  Imports that importlib
# makes for itself (importlib.import_module, parent packages it loads) are
# not timed by -X importtime: they are listed, and collapsed (their children
# re-parented to their parent) before parents are compared.
import collections
import json
import os
import re
import statistics
import sys

LINE = re.compile(r"^import time:\s+(\d+) \|\s+(\d+) \| ( *)(\S+)\s*$")


def parse_importtime(path):
    """[(module, parent module or None, self_us, cumulative_us)] in print order."""
    rows = []
    for line in open(path, errors="replace"):
        m = LINE.match(line)
        if m:
            rows.append([m.group(4), None, int(m.group(1)), int(m.group(2)),
                         len(m.group(3)) // 2])
    # post-order: a row's parent is the next row one level up
    for i, row in enumerate(rows):
        for later in rows[i + 1:]:
            if later[4] < row[4]:
                row[1] = later[0] if later[4] == row[4] - 1 else None
                break
    return [tuple(r[:4]) for r in rows]


def load_record(path):
    r = json.load(open(path))
    return r["processes"][0]


def collapse(imports, seen_by_importtime):
    """(module, parent) pairs with the imports -X importtime cannot see
    removed and their children moved up to the nearest visible ancestor."""
    by_id = {i["id"]: i for i in imports}
    budget = collections.Counter(seen_by_importtime)
    visible = set()
    for i in sorted(imports, key=lambda i: i["end_ns"] or 0):  # print order
        if budget[i["module"]] > 0:
            budget[i["module"]] -= 1
            visible.add(i["id"])
    pairs, hidden = [], []
    for i in imports:
        if i["id"] not in visible:
            hidden.append(i["module"])
            continue
        p = i["parent"]
        while p is not None and p not in visible:
            p = by_id[p]["parent"] if p in by_id else None
        pairs.append((i["module"], by_id[p]["module"] if p is not None else None))
    return pairs, hidden


def check_same_run(record_path, fails):
    proc = load_record(record_path)
    table = parse_importtime(os.path.join(os.path.dirname(record_path), "stderr.log"))
    it_mods = [t[0] for t in table]
    ours = proc["imports"]
    before = set((proc.get("python") or {}).get("before_hook") or [])
    pairs, hidden = collapse(ours, it_mods)
    it_pairs = collections.Counter((t[0], t[1]) for t in table)
    missing = set(it_mods) - {i["module"] for i in ours} - before
    print("same run: -X importtime lines %d, imports[] %d, not timed by -X importtime %d"
          % (len(table), len(ours), len(hidden)))
    if hidden:
        print("  importlib's own imports (collapsed): %s" % " ".join(sorted(set(hidden))[:30]))
    print("  modules -X importtime names that imports[] lacks: %d %s"
          % (len(missing), " ".join(sorted(missing)[:20])))
    diff = (it_pairs - collections.Counter(pairs)) + (collections.Counter(pairs) - it_pairs)
    print("  (module, parent) pairs that differ: %d %s" % (sum(diff.values()), list(diff)[:10]))
    if missing:
        fails.append("modules missing from imports[]")
    if diff:
        fails.append("parents differ from -X importtime")


def self_times_importtime(path):
    acc = collections.Counter()
    total = 0
    for mod, parent, self_us, cum in parse_importtime(path):
        acc[mod] += self_us
        if parent is None:
            total += cum
    return acc, total


def self_times_record(path):
    acc = collections.Counter()
    total = 0
    for i in load_record(path)["imports"]:
        if i["self_us"] is None:
            continue
        acc[i["module"]] += i["self_us"]
        if i["parent"] is None:
            total += i["cumulative_us"]
    return acc, total


def medians(samples):
    mods = set().union(*(s[0] for s in samples))
    med = {m: statistics.median(s[0].get(m, 0) for s in samples) for m in mods}
    return med, statistics.median(s[1] for s in samples)


def tie_ok(m, values, top):
    """m is outside this top 20 only by a tie: within max(10 us, 1%) of its
    20th value.  pyhook's own ~0.3 us per child import lands in the parent's
    self time, so a module with 50 children can gain 15 us on CPython's
    count and swap places with a neighbour that close."""
    twentieth = values[top[-1]]
    return values.get(m, 0) >= twentieth - max(10, 0.01 * twentieth)


def top20_report(title, ref, ours, fails, strict):
    top_ref = sorted(ref, key=ref.get, reverse=True)[:20]
    top_ours = sorted(ours, key=ours.get, reverse=True)[:20]
    common = set(top_ref) & set(top_ours)
    untied = [m for m in top_ref if m not in common and not tie_ok(m, ours, top_ours)]
    untied += [m for m in top_ours if m not in common and not tie_ok(m, ref, top_ref)]
    print(title)
    print("  %-44s %12s %12s" % ("module (top 20 by -X importtime)", "importtime", "coldtrace"))
    for m in top_ref:
        print("  %-44s %10d us %10d us%s" % (m, ref[m], ours.get(m, 0), "" if m in common else "  *"))
    print("  top-20 shared: %d of 20 (* not in coldtrace's top 20; in it instead: %s)"
          % (len(common), " ".join("%s (%d us)" % (m, ours[m]) for m in top_ours
                                   if m not in common) or "-"))
    print("  differences that are not ties: %s" % (" ".join(untied) or "none"))
    if strict and untied:
        fails.append("%s: top 20 by self time differs: %s" % (title, " ".join(untied)))


def total_report(title, ref_total, ours_total, fails, strict):
    ratio = ours_total / ref_total if ref_total else float("inf")
    print("  %s: -X importtime %d us, coldtrace %d us, ratio %.3f"
          % (title, ref_total, ours_total, ratio))
    if strict and abs(ratio - 1) > 0.05:
        fails.append("%s: totals differ by more than 5%% (ratio %.3f)" % (title, ratio))


def check_times(same_records, bare_files, fails):
    """Medians over the same-run repeats: CPython's table vs imports[] of the
    same processes (the check); bare runs show coldtrace's own overhead."""
    tables = [self_times_importtime(os.path.join(os.path.dirname(f), "stderr.log"))
              for f in same_records]
    it_med, it_total = medians(tables)
    ct_med, ct_total = medians([self_times_record(f) for f in same_records])
    top20_report("self time, medians over %d runs measured by both" % len(same_records),
                 it_med, ct_med, fails, True)
    total_report("total (top-level cumulative)", it_total, ct_total, fails, True)
    if bare_files:
        bare_med, bare_total = medians([self_times_importtime(f) for f in bare_files])
        total_report("overhead: bare -X importtime vs under coldtrace (not a check)",
                     bare_total, it_total, fails, False)


def main(argv):
    if "--" not in argv or len(argv) < 3:
        sys.exit("usage: py_fidelity.py SAME_RUN_RECORD... -- [BARE_IMPORTTIME...]")
    sep = argv.index("--")
    fails = []
    for rec in argv[1:sep]:
        check_same_run(rec, fails)
    check_times(argv[1:sep], argv[sep + 1:], fails)
    print("fidelity: %s" % ("ok" if not fails else "FAILED: " + "; ".join(fails)))
    return 1 if fails else 0


sys.exit(main(sys.argv))
