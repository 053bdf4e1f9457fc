"""v0_check.py -- readers of the v0 artifacts written the way their own
tools' readers would parse them (tests/cases/merge_v0_*.sh).

  v0_check.py importtime RECORD FILE [REAL]   importtime.txt against the
      record's imports: same (module, parent) multiset; with REAL (a real
      `python -X importtime` stderr) the same module set, except modules
      imported before pyhook's wrapper came (python.before_hook)
  v0_check.py syscalls FILE [STRACE]          syscalls.txt as strace -c's
      table: header and rule lines as STRACE's (a real `strace -c` table),
      every row by strace's column widths, totals consistent, then the
      line that says what it does not see; prints the rows as JSON
  v0_check.py strace FILE                     the same parser on a real
      strace -c table (the parser itself is right)
Exit status 1 with a message on the first mismatch.
"""
import collections
import json
import re
import sys

IT_HEAD = "import time: self [us] | cumulative | imported package"
IT_LINE = re.compile(r"^import time: +(\d+) \| +(\d+) \| ( *)(\S+)$")


def parse_importtime(text):
    """(module, parent module or None) pairs, as a reader of -X importtime
    rebuilds the tree: a line's children are the lines just before it one
    level deeper (CPython prints an import when it ends)."""
    lines = text.splitlines()
    if not lines or lines[0] != IT_HEAD:
        sys.exit("importtime: first line is not the header: %r" % lines[:1])
    pairs, pending = [], collections.defaultdict(list)
    for line in lines[1:]:
        if not line.startswith("import time:"):
            continue   # what the program itself wrote to stderr (a real run's)
        m = IT_LINE.match(line)
        if not m or len(m.group(3)) % 2:
            sys.exit("importtime: not an -X importtime line: %r" % line)
        if line != "import time: %9d | %10d | %s%s" % (int(m.group(1)), int(m.group(2)),
                                                      m.group(3), m.group(4)):
            sys.exit("importtime: column widths differ from CPython's: %r" % line)
        level, mod = len(m.group(3)) // 2, m.group(4)
        for child in pending.pop(level + 1, []):
            pairs.append((child, mod))
        pending[level].append(mod)
    for level, mods in pending.items():
        if level:
            sys.exit("importtime: lines at level %d without a parent line" % level)
        pairs.extend((m, None) for m in mods)
    return pairs


def root_python(rec):
    return next(p for p in rec["processes"] if p["python"] is not None)


def check_importtime(rec_path, path, real=None):
    proc = root_python(json.load(open(rec_path)))
    by_id = {i["id"]: i for i in proc["imports"]}
    want = collections.Counter(
        (i["module"], by_id[i["parent"]]["module"] if i["parent"] in by_id else None)
        for i in proc["imports"] if i["end_ns"] is not None)
    got = collections.Counter(parse_importtime(open(path).read()))
    if got != want:
        sys.exit("importtime: (module, parent) differ: only in the file %s, only in the "
                 "record %s" % (sorted((got - want).elements())[:5],
                                sorted((want - got).elements())[:5]))
    if real is not None:
        real_mods = {m for m, _ in parse_importtime(open(real).read())}
        ours = {m for m, _ in got}
        early = set(proc["python"]["before_hook"] or [])
        if ours - real_mods or real_mods - ours - early:
            sys.exit("importtime: modules differ from the real -X importtime's: only ours "
                     "%s, only the real one's %s" % (sorted(ours - real_mods)[:5],
                                                     sorted(real_mods - ours - early)[:5]))
    print("importtime: %d imports, the same as the record's" % sum(got.values()))


SC_ROW = re.compile(r"^([ \d]{2}\d\.\d\d) ([ \d]{3}\d\.\d{6}) ([ \d]{11}) ([ \d]{9}) "
                    r"([ \d]{9}) (\S+)$")


def check_syscalls(path, strace=None, note=True):
    lines = open(path).read().splitlines()
    if strace is not None:
        real = open(strace).read().splitlines()
        if lines[:2] != real[:2]:
            sys.exit("syscalls: header differs from strace -c's: %r vs %r" % (lines[:2], real[:2]))
    rule = [i for i, l in enumerate(lines) if re.match(r"^-{6}( -+){5}$", l)]
    if len(rule) != 2 or rule[0] != 1:
        sys.exit("syscalls: not two rule lines where strace -c has them: %r" % lines[:3])
    rows = []
    for line in lines[2:rule[1]] + [lines[rule[1] + 1]]:
        m = SC_ROW.match(line)
        if not m:
            sys.exit("syscalls: not an strace -c row: %r" % line)
        rows.append((float(m.group(1)), float(m.group(2)), int(m.group(3)), int(m.group(4)),
                     int(m.group(5).strip() or 0), m.group(6)))
    body, total = rows[:-1], rows[-1]
    if total[5] != "total" or total[0] != 100.0:
        sys.exit("syscalls: last row is not the total: %r" % (total,))
    if sum(r[3] for r in body) != total[3] or sum(r[4] for r in body) != total[4]:
        sys.exit("syscalls: calls/errors do not add up to the total")
    if abs(sum(r[1] for r in body) - total[1]) > 1e-6 * (len(body) + 1):
        sys.exit("syscalls: seconds do not add up to the total")
    if total[1] > 0 and abs(sum(r[0] for r in body) - 100) > 0.01 * (len(body) + 1):
        sys.exit("syscalls: %% time does not add up to 100")
    if [r[1] for r in body] != sorted((r[1] for r in body), reverse=True):
        sys.exit("syscalls: rows not sorted by time, as strace -c sorts them")
    if any(r[3] == 0 for r in body) or len({r[5] for r in body}) != len(body):
        sys.exit("syscalls: a row without calls, or a name twice")
    if note and (len(lines) != rule[1] + 3 or "not seen" not in lines[-1]):
        sys.exit("syscalls: no line saying what it does not see after the total")
    json.dump({r[5]: {"calls": r[3], "errors": r[4], "seconds": r[1]} for r in body},
              sys.stdout)
    print()


if __name__ == "__main__":
    if sys.argv[1] == "importtime":
        check_importtime(*sys.argv[2:])
    elif sys.argv[1] == "strace":
        check_syscalls(sys.argv[2], note=False)
    else:
        check_syscalls(*sys.argv[2:])
