#!/bin/bash
# page_size.sh PAGE.html | RUN_DIR [B_RUN_DIR] -- where the bytes of an HTML
# page go: the style, each <section> (the timeline, shared objects, imports,
# file system...), the data block (per key, and the bars' string table) and
# the script.  Of a run directory it writes the run page first (with B, the
# diff page of RUN_DIR against B).  Prints a report; not a test.
set -eu
cd "$(dirname "$0")/.."
page=$1
if [ -d "$1" ]; then
	page=$(mktemp /tmp/ct-page-size.XXXXXX.html)
	trap 'rm -f "$page"' EXIT
	if [ $# -gt 1 ]; then
		build/coldtrace diff --html -o "$page" "$1" "$2" >/dev/null || [ $? -eq 1 ]
	else
		build/coldtrace report --html -o "$page" "$1" >/dev/null
	fi
fi
python3 - "$page" <<'PYEOF'
import json, re, sys
b = open(sys.argv[1], "rb").read()
print("page: %d bytes (%.1f KiB)" % (len(b), len(b) / 1024))
cuts = [(m.start(), m.group(1) or m.group(2) or "script")
        for m in re.finditer(rb"<section id=([\w-]+)|<(style)>|<script>|<script type=\"application/json\" id=ct-data>", b)]
cuts = [(p, n.decode() if isinstance(n, bytes) else n) for p, n in cuts]
cuts = [(0, "head")] + [(p, "data" if b[p:p + 13] == b"<script type=" else n) for p, n in cuts]
for (p, n), (q, _) in zip(cuts, cuts[1:] + [(len(b), "")]):
    print("  %-16s %8d bytes" % (n, q - p))
m = re.search(rb"id=ct-data>(.*?)</script>", b, re.S)
data = json.loads(m.group(1)) if m else {}
for k, v in data.items():
    print("  data.%-11s %8d bytes" % (k, len(json.dumps(v, separators=(",", ":"), ensure_ascii=False).encode())))
PYEOF
