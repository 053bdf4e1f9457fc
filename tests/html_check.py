# html_check.py -- checks of the page `coldtrace report --html` writes,
# on what a real browser made of it (tests/cases/html_*.sh).
#
#   html_check.py offline PAGE             no resource outside the page (a relative
#                                          <a href> to another page is a link, not
#                                          a resource)
#   html_check.py dom DOM RECORD [--nojs]  the DOM Chromium dumped: one bar per
#                                          import, a lane per thread, a block per
#                                          image, a row per library; scripts ran
#                                          (or, --nojs, did not and the tables are
#                                          there all the same)
#   html_check.py diffdom DOM DIFF [--nojs] the DOM of `coldtrace diff --html`
#                                          (DIFF: what --json printed): per side
#                                          a block with a bar per import, dlopen
#                                          and file-system run and a lane per
#                                          thread of its median record, placed on
#                                          one scale for both; a row per item of
#                                          the lists; the page's data is DIFF
#   html_check.py phases DOM RECORD        the --loader unfolding: a bar per dlopen
#                                          phase with time, a slice per object whose
#                                          initialisers a dlopen ran, named, inside
#                                          that call's constructors phase, one row
#                                          below it
#   html_check.py shot PNG                 a screenshot that is not blank
#   html_check.py nasty DOM PAGE NAME...   each NAME is shown as text (a path in the
#                                          data block's strings, whole or as its
#                                          directory and last component), and no
#                                          script came from one
#   html_check.py probe DOM KEY=RE...      what tests/fixtures/html_probe.js saw
#                                          (<body data-probe>) matches each RE
#   html_check.py series DOM SERIES_JSON [--nojs] [--page PAGE]
#                                          the series page: one dot per run in each
#                                          metric's plot, a table row per metric and
#                                          per run, each group's median run linked
#                                          (relative to PAGE, default SERIES_JSON's
#                                          directory) to its run page
# Prints one line per defect and exits 1 when there is any.
import json
import os
import re
import struct
import sys
import zlib
from html.parser import HTMLParser

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
        "source", "track", "wbr"}


class Node:
    def __init__(self, tag, attrs, parent):
        self.tag, self.attrs, self.parent = tag, dict(attrs), parent
        self.kids, self.text = [], []

    def cls(self):
        return (self.attrs.get("class") or "").split()

    def all_text(self):
        return "".join(self.text) + "".join(k.all_text() for k in self.kids)

    def walk(self):
        yield self
        for k in self.kids:
            yield from k.walk()


class Tree(HTMLParser):
    """The element tree of a document (enough of it for counting)."""

    def __init__(self, text):
        super().__init__(convert_charrefs=True)
        self.root = Node("#doc", [], None)
        self.cur = self.root
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        node = Node(tag, attrs, self.cur)
        self.cur.kids.append(node)
        if tag not in VOID:
            self.cur = node

    def handle_endtag(self, tag):
        n = self.cur
        while n is not self.root and n.tag != tag:
            n = n.parent
        if n is not self.root:
            self.cur = n.parent

    def handle_data(self, data):
        self.cur.text.append(data)

    def find(self, pred):
        return [n for n in self.root.walk() if pred(n)]

    def by_id(self, ident):
        found = self.find(lambda n: n.attrs.get("id") == ident)
        return found[0] if found else None


def with_cls(*names):
    return lambda n: all(c in n.cls() for c in names)


def offline(page, bad):
    text = open(page, encoding="utf-8").read()   # strict: the page is UTF-8
    # <a href> to a page by a relative path: a link, not a resource
    local = {m.start(1) for m in re.finditer(r'<a [^>]*?href="([^":?#]+\.html)"', text)
             if not m.group(1).startswith("/")}
    for m in re.finditer(r"""\b(src|href)\s*=\s*["']?([^"'\s>]*)|url\(|@import|https?://""", text):
        if m.group(1) == "href" and (m.group(2).startswith("#") or m.start(2) in local):
            continue
        bad.append("reference to something outside the page: %r" % text[m.start():m.start() + 60])


def ready(t, nojs, bad):
    body = t.find(lambda n: n.tag == "body")[0]
    if nojs and "data-ready" in body.attrs:
        bad.append("a script ran with scripts disabled")
    if not nojs and body.attrs.get("data-ready") in (None, ""):
        bad.append("the page's script did not finish (no data-ready on <body>)")
    ticks = len(t.find(with_cls("tick")))
    if not nojs and ticks < 2:
        bad.append("time axis: %d ticks" % ticks)


def timeline(top, procs, where, bad):
    """The timeline under node top has what procs (a record's processes)
    hold: a bar per import, dlopen and file-system run, a lane per thread
    and child, a block per image."""
    checks = [("import bars", with_cls("b", "imp"), sum(len(p["imports"]) for p in procs)),
              ("thread lanes", with_cls("lane", "thr"), sum(len(p["threads"]) for p in procs)),
              ("child lanes", with_cls("lane", "child"), sum(len(p["children"]) for p in procs)),
              ("process blocks", with_cls("proc"), len(procs)),
              ("dlopen bars", with_cls("b", "dl"), sum(len(p["dlopens"]) for p in procs)),
              ("file-system bars", with_cls("b", "fs"), sum(len(p["fs_runs"]) for p in procs))]
    for what, pred, want in checks:
        got = len([n for n in top.walk() if pred(n)])
        if got != want:
            bad.append("%s%s: %d, the record has %d" % (where, what, got, want))


def dom(path, record, nojs, bad):
    t = Tree(open(path, encoding="utf-8").read())
    r = json.load(open(record))
    procs = r["processes"]
    ready(t, nojs, bad)
    libs = t.by_id("ct-libs")
    nlib = sum(len(p["libraries"]) for p in procs)
    got = len([n for n in libs.walk() if n.tag == "tr" and "lib" in n.cls()]) if libs else 0
    if got != nlib:
        bad.append("library table: %d rows, the record has %d libraries" % (got, nlib))
    imps = t.by_id("ct-imports")
    nimp = sum(len(p["imports"]) for p in procs)
    got = len([n for n in imps.walk() if n.tag == "tr" and n.parent.tag == "tbody"]) if imps else 0
    if got != nimp:
        bad.append("import table: %d rows, the record has %d imports" % (got, nimp))
    timeline(t.root, procs, "", bad)


def place(n):
    """A bar's left and right edge (% of the scale) and its top (px)."""
    st = n.attrs["style"]

    def num(k):
        m = re.search(k + r":([0-9.]+)", st)
        return float(m.group(1)) if m else 0.0
    return num("--l"), num("--l") + num("--w"), num("--r") * 16 + 2


def bar_ids(root):
    """Each timeline bar's index into the data block's bars, as page.js
    numbers them: its data-i, else the previous bar's + 1."""
    ids, nxt = {}, 0
    for n in root.walk():
        if "b" in n.cls():
            nxt = int(n.attrs.get("data-i", nxt))
            ids[id(n)] = nxt
            nxt += 1
    return ids


def bar_field(data, i, key):
    """Field key of bar i of a page's data block, unpacked as page.js does
    (strings through data["strs"], paths as directory and last component,
    "+" times after data["base_ns"])."""
    b = data["bars"][i]
    keys = data["keys"][b[0]][1:]
    for k in keys:
        if k.lstrip("$@/+~") != key:
            continue
        j = keys.index(k) + 2
        v = b[j] if j < len(b) else None
        if v is None:
            return b[1] if k[0] == "~" else None
        if k[0] == "+":
            return v + data["base_ns"]
        if k[0] == "/" and isinstance(v, list):
            return data["strs"][v[0]] + "/" + data["strs"][v[1]]
        return data["strs"][v] if k[0] in "$/" else v
    return None


def phases(path, record, bad):
    t = Tree(open(path, encoding="utf-8").read())
    procs = json.load(open(record))["processes"]
    data = json.loads(t.by_id("ct-data").all_text())
    dls = [d["phases"] for p in procs for d in p["dlopens"] if d.get("phases")]
    want = sum((ph["wait_ns"] > 0) + sum((ph[k] or {}).get("ns", 0) > 0
                                          for k in ("search_map", "relocation", "constructors"))
               for ph in dls)
    got = len(t.find(with_cls("b", "dp")))
    if not dls or got != want:
        bad.append("phase bars: %d, the record's dlopens have %d phases with time" % (got, want))
    objs = sorted(l["path"] for p in procs for l in p["libraries"]
                  if l.get("constructors") and l["how"] in ("dlopen", "needed"))
    slices = t.find(with_cls("b", "ci"))
    ids = bar_ids(t.root)
    shown = sorted(bar_field(data, ids[id(n)], "path") for n in slices)
    if not objs or shown != objs:
        bad.append("initialiser slices for %s, the record's objects %s" % (shown, objs))
    for n in slices:
        name = os.path.basename(bar_field(data, ids[id(n)], "path"))
        l, r, top = place(n)
        inside = [c for c in n.parent.kids if "k-constructors" in c.cls() and
                  place(c)[0] - 1e-3 <= l and r <= place(c)[1] + 1e-3 and place(c)[2] + 16 == top]
        if n.all_text() != name or not inside:
            bad.append("slice %r (%.4f-%.4f%%, top %g) is not named %s inside a constructors phase"
                       % (n.all_text(), l, r, top, name))


def extent(procs):
    starts = [p["start_ns"] for p in procs if p.get("start_ns", 0) > 0]
    ends = [p["end_ns"] for p in procs if p.get("end_ns", 0) > 0]
    return min(starts), max(ends)


def side_bars(blk, procs, data, ids, t0, span, name, bad):
    """One side's block: the timeline of its record, and each import bar
    where its start falls on the scale both sides share."""
    timeline(blk, procs, "side %s: " % name, bad)
    for n in blk.walk():
        if "imp" not in n.cls():
            continue
        left = place(n)[0]
        want = min(max(100.0 * (bar_field(data, ids[id(n)], "start_ns") - t0) / span, 0), 100)
        if abs(left - want) > 0.001:
            bad.append("side %s: an import bar at %.4f%%, its start is at %.4f%% of the scale"
                       % (name, left, want))
            return


def diffdom(path, diff, nojs, bad):
    t = Tree(open(path, encoding="utf-8").read())
    d = json.load(open(diff))
    ready(t, nojs, bad)
    block = t.by_id("ct-data")
    data = json.loads(block.all_text()) if block else {}
    if data.get("diff") != d:
        bad.append("the page's data block is not the diff --json printed")
    recs = {s: json.load(open(d[s]["median_record"]))["processes"] for s in "ab"}
    ext = {s: extent(recs[s]) for s in "ab"}
    span = max(max(e[1] - e[0] for e in ext.values()), 1)
    for s in "ab":
        blk = t.by_id("ct-side-" + s)
        if blk is None:
            bad.append("no timeline block for side " + s)
            continue
        side_bars(blk, recs[s], data, bar_ids(t.root), ext[s][0], span, s, bad)
    lists = [("ct-headline", d["headline"]["metrics"]), ("ct-libs-added", d["libraries"]["added"]),
             ("ct-libs-removed", d["libraries"]["removed"]), ("ct-imports-added", d["imports"]["added"]),
             ("ct-imports-removed", d["imports"]["removed"]), ("ct-context", d["context"]),
             ("ct-gates", d["gates"])]
    for ident, items in lists:
        table = t.by_id(ident)
        got = len([n for n in table.walk() if n.tag == "tr" and n.parent.tag == "tbody"]) if table else 0
        if got != len(items):
            bad.append("table %s: %d rows, the diff has %d" % (ident, got, len(items)))


def median_run(runs, group):
    """The run of group whose wall_ms is the (lower) median, equal times in run order."""
    rs = sorted((r for r in runs if r["group"] == group and not r["interrupted"]
                 and isinstance(r.get("wall_ms"), (int, float))),
                key=lambda r: (r["wall_ms"], r["index"]))
    return rs[(len(rs) - 1) // 2]


def series(path, sjson, page, nojs, bad):
    t = Tree(open(path, encoding="utf-8").read())
    s = json.load(open(sjson))
    runs, metrics = s["runs"], s["metrics"]
    body = t.find(lambda n: n.tag == "body")[0]
    if nojs and "data-ready" in body.attrs:
        bad.append("a script ran with scripts disabled")
    if not nojs and body.attrs.get("data-ready") in (None, ""):
        bad.append("the page's script did not finish (no data-ready on <body>)")
    for m in metrics:
        svgs = t.find(lambda n: n.tag == "svg" and n.attrs.get("data-metric") == m)
        dots = [n for sv in svgs for n in sv.walk() if n.tag == "circle" and "dot" in n.cls()]
        want = sorted((r["index"], "g-" + r["group"]) for r in runs
                      if not r["interrupted"] and isinstance(r.get(m), (int, float)))
        got = sorted((int(d.attrs.get("data-run", -1)), d.cls()[1]) for d in dots)
        if len(svgs) != 1 or got != want or len(dots) != metrics[m]["all"]["n"]:
            bad.append("%s: %d plots, dots (run, group) %s, series.json %s" % (m, len(svgs), got, want))
    for ident, want in (("ct-metrics", len(metrics)), ("ct-runs", len(runs)),
                        ("ct-warnings", len(s["warnings"]))):
        table = t.by_id(ident)
        got = len([n for n in table.walk() if n.tag in ("tr", "li") and
                   n.parent.tag in ("tbody", "ul")]) if table else -1
        if got != want:
            bad.append("%s: %d rows, series.json has %d" % (ident, got, want))
    groups = sorted({r["group"] for r in runs})
    want = {median_run(runs, g)["dir"] for g in groups}
    links = {os.path.normpath(os.path.join(os.path.dirname(page), a.attrs["href"]))
             for a in t.find(lambda n: n.tag == "a" and "runlink" in n.cls())}
    got = {os.path.basename(os.path.dirname(h)) for h in links}
    if got != want:
        bad.append("median runs linked: %s, the groups' median runs are %s" % (sorted(got), sorted(want)))
    for h in links:
        if not os.path.isfile(h) or '"coldtrace.html.v2"' not in open(h, encoding="utf-8").read():
            bad.append("the link %s is not a run page" % h)
    if bool(s["cold_penalty"]) != ("cold penalty" in t.by_id("ct-metrics").all_text()):
        bad.append("cold penalty column: series.json has %s" % bool(s["cold_penalty"]))


def png_rows(path):
    """Rows of an 8-bit RGB(A) non-interlaced PNG, unfiltered."""
    data = open(path, "rb").read()
    pos, idat, hdr = 8, [], None
    while pos < len(data):
        n, typ = struct.unpack(">I4s", data[pos:pos + 8])
        if typ == b"IHDR":
            hdr = struct.unpack(">IIBBBBB", data[pos + 8:pos + 21])
        elif typ == b"IDAT":
            idat.append(data[pos + 8:pos + 8 + n])
        pos += 12 + n
    w, h, _, ctype = hdr[:4]
    bpp = {2: 3, 6: 4}[ctype]
    raw, stride, prev = zlib.decompress(b"".join(idat)), w * bpp, bytearray(w * bpp)
    for y in range(h):
        f, cur = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride) if f else ():
            a = cur[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                a = a if pa <= pb and pa <= pc else b if pb <= pc else c
            cur[i] = (cur[i] + (a if f in (1, 4) else b if f == 2 else (a + b) // 2)) & 255
        yield bpp, cur
        prev = cur


def shot(path, bad):
    lum = [sum(row[i:i + 3]) / 3 for bpp, row in png_rows(path) for i in range(0, len(row), bpp * 4)]
    mean = sum(lum) / len(lum)
    var = sum((x - mean) ** 2 for x in lum) / len(lum)
    if var < 200:
        bad.append("screenshot looks blank: luminance variance %.0f" % var)


def nasty(path, page, names, bad):
    t = Tree(open(path, encoding="utf-8").read())
    body = t.find(lambda n: n.tag == "body")[0]
    if "data-pwned" in body.attrs:
        bad.append("a script in the record's strings ran")
    if not body.attrs.get("data-ready"):
        bad.append("the page's script did not finish (no data-ready on <body>)")
    scripts = [n for n in t.find(lambda n: n.tag == "script")]
    if len(scripts) != 2:
        bad.append("%d <script> elements, the page has 2" % len(scripts))
    cells = [n.all_text() for n in t.find(lambda n: n.tag in ("td", "div", "th", "li"))]
    raw = open(page, encoding="utf-8").read()
    block = re.search(r'<script type="application/json" id=ct-data>(.*?)</script>', raw, re.S)
    data = json.loads(block.group(1)) if block else {}
    blob, strs = json.dumps(data), set(data.get("strs", []))
    for name in names:
        shown = name.replace("\n", "\u240a")
        if not any(shown in c for c in cells):
            bad.append("not shown as text: %r" % name)
        parts = [name] if name in strs else [os.path.dirname(name), os.path.basename(name)]
        if name.startswith("/") and not all(json.dumps(p)[1:-1] in blob and p in strs
                                            for p in parts):
            bad.append("not in the data block: %r" % name)


def probe(path, wants, bad):
    t = Tree(open(path, encoding="utf-8").read())
    got = t.find(lambda n: n.tag == "body")[0].attrs.get("data-probe") or ""
    lines = dict(line.split("=", 1) for line in got.split("\n") if "=" in line)
    for want in wants:
        key, pattern = want.split("=", 1)
        if not re.match(pattern, lines.get(key, "")):
            bad.append("probe %s: %r does not start with %r" % (key, lines.get(key), pattern))


def main(argv):
    bad = []
    if argv[1] == "offline":
        offline(argv[2], bad)
    elif argv[1] == "dom":
        dom(argv[2], argv[3], "--nojs" in argv[4:], bad)
    elif argv[1] == "diffdom":
        diffdom(argv[2], argv[3], "--nojs" in argv[4:], bad)
    elif argv[1] == "phases":
        phases(argv[2], argv[3], bad)
    elif argv[1] == "shot":
        shot(argv[2], bad)
    elif argv[1] == "probe":
        probe(argv[2], argv[3:], bad)
    elif argv[1] == "series":
        page = argv[argv.index("--page") + 1] if "--page" in argv else argv[3]
        series(argv[2], argv[3], page, "--nojs" in argv[4:], bad)
    elif argv[1] == "nasty":
        nasty(argv[2], argv[3], argv[4:], bad)
    for line in bad:
        print("html_check: " + line)
    return 1 if bad else 0


sys.exit(main(sys.argv))
