"""names_apart.py -- no name means two things across the shim, pyhook and the CLI.

The shim (preload/), pyhook (pyhook/, linked into the shim, reaching it
through preload/ct_api.h only) and the CLI (launcher/) share only common/.  An external function, a CT_ macro or enum constant, or a
struct/enum tag in a header, defined by two of preload, pyhook, launcher
and common, is a grep that lands in the wrong process.  Static functions are file-local and not
checked.  Prints each collision; exit status 1 when there is one.
"""
import collections
import glob
import re
import sys

GROUPS = {"preload": "preload/*.[ch]", "pyhook": "pyhook/*.[ch]",
          "launcher": "launcher/**/*.[ch]", "common": "common/*.[ch]"}
FUNC = re.compile(r"^(?!static\b)[A-Za-z][^;()\n=#]*?\b(ct_\w+)\s*\([^;{]*?\)\s*\{", re.M)
MACRO = re.compile(r"^#\s*define\s+(CT_\w+)|^\s+(CT_[A-Z0-9_]+)\s*=", re.M)
TAG = re.compile(r"^(?:struct|enum)\s+(ct_\w+)\s*\{", re.M)

seen = collections.defaultdict(set)
for group, pattern in GROUPS.items():
    for path in glob.glob(pattern, recursive=True):
        text = open(path, encoding="utf-8", errors="replace").read()
        for what, rx in (("function", FUNC), ("macro", MACRO), ("tag", TAG)):
            if what == "tag" and not path.endswith(".h"):
                continue
            for m in rx.finditer(text):
                seen[(what, m.group(1) or m.group(2))].add(group)
bad = sorted((k, g) for k, g in seen.items() if len(g) > 1)
for (what, name), groups in bad:
    print("%s %s defined in %s" % (what, name, ", ".join(sorted(groups))))
sys.exit(1 if bad else 0)
