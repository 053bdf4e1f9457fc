"""doc_paths.py -- every repository path a comment or a doc names exists.

A path is a token of the tracked text files (sources, scripts, Makefile,
docs) that contains a slash, ends in a known extension (EXTS) and starts
with a folder of the repository (its top level, or a stage of launcher/):
`launcher/merge/merge_py.c`, `docs/events.md`, `lib/map.h`.  It exists
when it names a file or folder from the repository root, from the naming
file's folder, or from an include root (INCLUDE_ROOTS: `lib/map.h` is
launcher/lib/map.h).  Paths under a glob (`tests/cases/*.sh`) or a
placeholder (`<name>`, an upper-case word: `tests/fixtures/NAME.c`)
are not paths.  HISTORICAL lists the mentions that
name a file that is gone on purpose.  Prints each missing path with where
it is named; exit status 1 when there is one.
  python3 tests/doc_paths.py [ROOT]
"""
import os
import re
import subprocess
import sys

EXTS = ("c", "h", "sh", "py", "md", "js", "css")
TEXT = re.compile(r"(\.(c|h|sh|py|md|js|css|txt)|Makefile|/run|/deps)$")
INCLUDE_ROOTS = ("launcher", "common", "preload", "pyhook")
# (naming file, path): a path that is not the repository's (glibc's
# sources), or a file gone on purpose whose mention is history
HISTORICAL = {("audit/audit_linfo.c", "elf/dl-init.c"), ("docs/loader-audit.md", "elf/dl-init.c")}
TOKEN = re.compile(r"(?<![\w./<>*$~-])((?:[A-Za-z0-9_.-]+/)+[A-Za-z0-9_-]+\.(?:%s))(?![\w/*<>-])"
                   % "|".join(EXTS))


def tracked(root):
    out = subprocess.run(["git", "-C", root, "ls-files", "-co", "--exclude-standard"],
                         capture_output=True, text=True, check=True).stdout
    return [f for f in out.split("\n") if f and TEXT.search(f) and os.path.isfile(os.path.join(root, f))]


def first_folders(root):
    top = {d for d in os.listdir(root) if os.path.isdir(os.path.join(root, d)) and d != ".git"}
    return top | {d for d in os.listdir(os.path.join(root, "launcher"))
                  if os.path.isdir(os.path.join(root, "launcher", d))}


def exists(root, naming, path):
    bases = [root, os.path.join(root, os.path.dirname(naming))]
    bases += [os.path.join(root, r) for r in INCLUDE_ROOTS]
    return any(os.path.exists(os.path.join(b, path)) for b in bases)


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".")
    folders = first_folders(root)
    bad = []
    for f in sorted(tracked(root)):
        if f == "tests/doc_paths.py":   # its exception list names missing paths
            continue
        text = open(os.path.join(root, f), encoding="utf-8", errors="replace").read()
        for n, line in enumerate(text.split("\n"), 1):
            for m in TOKEN.finditer(line):
                path = m.group(1).lstrip("./") if m.group(1).startswith("./") else m.group(1)
                parts = path.split("/")
                if parts[0] not in folders or (f, path) in HISTORICAL or \
                        any(re.fullmatch(r"[A-Z][A-Z0-9_]*", p.split(".")[0]) for p in parts):
                    continue
                if not exists(root, f, path):
                    bad.append("%s:%d names %s, which does not exist" % (f, n, path))
    for b in bad:
        print(b)
    return 1 if bad else 0


sys.exit(main())
