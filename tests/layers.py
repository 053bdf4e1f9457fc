"""layers.py -- the CLI's folders are its stages, and they stay that way.

Each launcher/ folder may include only the folders listed for it in
ALLOWED (so the stages form no cycle), and a folder's private headers
(every header not in PUBLIC) are included only inside it.  Prints each
violation; exit status 1 when there is one.  docs/architecture.md explains
the table.
"""
import glob
import os
import re
import sys

ALLOWED = {
    "": {"run", "merge", "report", "export", "html", "record", "elf", "lib", "series"},   # main.c, cmd_*.c
    "run": {"merge", "report", "record", "elf", "lib"},
    "merge": {"record", "elf", "lib"},
    "report": {"record", "lib"},
    "export": {"report", "series", "lib"},
    "html": {"report", "series", "lib"},
    "diff": {"report", "html", "lib"},
    "series": {"run", "report", "lib"},
    "record": {"lib"},
    "elf": {"lib"},
    "lib": set(),
}
PUBLIC = {"merge/merge.h", "report/load.h", "report/cols.h", "run/launch.h", "series/load.h", "record/record.h",
          "record/host.h", "elf/ct_elf.h", "elf/cuda.h", "elf/symtab.h", "elf/elfkind.h",
          "html/diffpage.h"}
INCLUDE = re.compile(r'^#\s*include\s+"([a-z_]+)/([\w.]+)"', re.M)

bad = []
for path in sorted(glob.glob("launcher/**/*.[ch]", recursive=True)):
    folder = os.path.dirname(os.path.relpath(path, "launcher"))
    for other, header in INCLUDE.findall(open(path, encoding="utf-8").read()):
        if other == folder:
            continue
        if other not in ALLOWED.get(folder, set()):
            bad.append("%s includes %s/%s: %s/ may not depend on %s/" %
                       (path, other, header, folder or "launcher", other))
        elif other != "lib" and "%s/%s" % (other, header) not in PUBLIC:
            bad.append("%s includes %s/%s, private to %s/" % (path, other, header, other))
for line in bad:
    print(line)
sys.exit(1 if bad else 0)
