"""names_apart.py -- no name means two things across the shim, pyhook and the CLI.

The shim (preload/), pyhook (pyhook/, linked into the shim, reaching it
through preload/ct_api.h only) and the CLI (launcher/) share only common/.  An external function, a CT_ macro or enum constant, or a
struct/enum tag in a header, defined by two of preload, pyhook, launcher
and common, is a grep that lands in the wrong process.  Static functions are file-local and not
checked.

Within the CLI a function's prefix (`ct_` and its first word: `ct_merge_`)
names one stage (a launcher/ folder; "." is launcher/ itself): an external
function whose prefix another stage already uses is refused, except the
prefixes of SHARED_PREFIXES, each used by exactly the stages listed there
(docs/architecture.md, "Names", is the map).  Prints each collision; exit
status 1 when there is one.  Run from the repository root (or a copy of
its preload/, pyhook/, launcher/ and common/).
"""
import collections
import glob
import os
import re
import sys

GROUPS = {"preload": "preload/*.[ch]", "pyhook": "pyhook/*.[ch]",
          "launcher": "launcher/**/*.[ch]", "common": "common/*.[ch]"}
FUNC = re.compile(r"^(?!static\b)[A-Za-z][^;()\n=#]*?\b(ct_\w+)\s*\([^;{]*?\)\s*\{", re.M)
MACRO = re.compile(r"^#\s*define\s+(CT_\w+)|^\s+(CT_[A-Z0-9_]+)\s*=", re.M)
TAG = re.compile(r"^(?:struct|enum)\s+(ct_\w+)\s*\{", re.M)

# prefix -> the stages that share it; a third stage, or one stage less,
# is a change of the map and of docs/architecture.md
SHARED_PREFIXES = {
    "ct_cmd_": {".", "diff", "export", "html", "merge", "report", "series"},  # the subcommands
    "ct_cuda_": {"elf", "merge"},    # elf classifies an object, merge gives the run's verdict
    "ct_env_": {"record", "run"},    # record writes env{}, run frees its parsed environment
}


def stage_prefixes(seen_names):
    """prefix -> stages, from (stage, function name) pairs."""
    by = collections.defaultdict(set)
    for stage, name in seen_names:
        words = name.split("_")
        if len(words) > 2:
            by["_".join(words[:2]) + "_"].add(stage)
    return by


seen = collections.defaultdict(set)
stage_funcs = set()
for path in glob.glob("launcher/**/*.c", recursive=True):
    stage = os.path.dirname(os.path.relpath(path, "launcher")) or "."
    for m in FUNC.finditer(open(path, encoding="utf-8", errors="replace").read()):
        stage_funcs.add((stage, m.group(1)))
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
for prefix, stages in sorted(stage_prefixes(stage_funcs).items()):
    allowed = SHARED_PREFIXES.get(prefix)
    if len(stages) > 1 and stages != allowed:
        bad.append(prefix)
        print("prefix %s* used by the stages %s%s" % (prefix, ", ".join(sorted(stages)),
              "" if allowed is None else " (the map says %s)" % ", ".join(sorted(allowed))))
sys.exit(1 if bad else 0)
