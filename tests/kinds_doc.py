"""kinds_doc.py -- docs/events.md's kind table says what CT_KINDS says.

CT_KINDS in common/ct_log.h is the kind table; docs/events.md's "Kinds"
table is its form for users.  Both must list the same kinds, by value and
name, in the same order; and every argument field (a0, a1, a2) that a
kind's comment in ct_log.h gives a meaning must be named in its doc row
too, and the other way round (a row that says "as `open`" takes that
kind's fields).  Prints each difference; exit status 1 when there is one.
  python3 tests/kinds_doc.py [CT_LOG_H [EVENTS_MD]]
"""
import re
import sys

HEADER = sys.argv[1] if len(sys.argv) > 1 else "common/ct_log.h"
DOC = sys.argv[2] if len(sys.argv) > 2 else "docs/events.md"
ROW = re.compile(r'X\((\w+),\s*(\d+),\s*"(\w+)",[^)]*\)')
FIELD = re.compile(r"\ba([012])\s*=")


def table_kinds(path):
    """[(value, name, fields)] from CT_KINDS, fields those its comment defines."""
    text = open(path, encoding="utf-8").read()
    body = text[text.index("#define CT_KINDS(X)"):]
    body = body[:body.index("\nenum ct_kind")]
    rows = list(ROW.finditer(body))
    out = []
    for i, m in enumerate(rows):
        comment = body[m.end():rows[i + 1].start() if i + 1 < len(rows) else len(body)]
        out.append((int(m.group(2)), m.group(3), set(FIELD.findall(comment))))
    return out


def doc_kinds(path):
    """[(value, name, fields, as_name)] from the Kinds table of events.md."""
    text = open(path, encoding="utf-8").read()
    section = text[text.index("### Kinds"):]
    section = section[:section.index("\n## ")]
    out = []
    for line in section.split("\n"):
        m = re.match(r"\|\s*(\d+)\s*\|\s*`(\w+)`\s*\|(.*)\|\s*$", line)
        if m:
            like = re.search(r"\bas `(\w+)`", m.group(3))
            out.append((int(m.group(1)), m.group(2), set(FIELD.findall(m.group(3))),
                        like.group(1) if like else None))
    return out


def main():
    table, doc = table_kinds(HEADER), doc_kinds(DOC)
    bad = []
    tv = [(v, n) for v, n, _ in table]
    dv = [(v, n) for v, n, _, _ in doc]
    for v, n in sorted(set(tv) - set(dv)):
        bad.append("kind %d %s is in CT_KINDS but not in %s" % (v, n, DOC))
    for v, n in sorted(set(dv) - set(tv)):
        bad.append("kind %d %s is in %s but not in CT_KINDS" % (v, n, DOC))
    if not bad and tv != dv:
        bad.append("%s lists the kinds in another order than CT_KINDS" % DOC)
    fields = {n: f for _, n, f in table}
    docf = {n: f for _, n, f, _ in doc}
    for _, n, f, like in doc:
        if n not in fields:
            continue
        mine = f | (docf.get(like, set()) if like else set())
        if fields[n] != mine and not (like and not f):
            bad.append("kind %s: ct_log.h defines %s, %s names %s" %
                       (n, fields_str(fields[n]), DOC, fields_str(mine)))
    for b in bad:
        print(b)
    return 1 if bad else 0


def fields_str(f):
    return ", ".join("a" + x for x in sorted(f)) or "no field"


sys.exit(main())
