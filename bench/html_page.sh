#!/bin/bash
# html_page.sh [N] -- the HTML page of `python3 -c 'import torch'`: its size
# (the bar: <= 3 MiB) and how long headless Chromium takes to load it and
# run its script, minus the same for an empty page (median of N, default 5;
# the bar: <= 2 s).  Needs python3-torch and chromium.  Prints a report;
# exits 1 when a bar is missed.
set -eu
cd "$(dirname "$0")/.."
n=${1:-5}
out=$(mktemp -d /tmp/ct-html-bench.XXXXXX)
trap 'rm -rf "$out"' EXIT
build/ct-launch --quiet --runs-dir "$out/runs" --name torch -- /usr/bin/python3 -c 'import torch' \
	2>"$out/launch.err" || { cat "$out/launch.err"; exit 1; }
run=$(ls -d "$out"/runs/*)
page=$(build/coldtrace report --html "$run")
echo '<!DOCTYPE html><title>empty</title><body>' >"$out/empty.html"

# Seconds for chromium to load FILE and dump its DOM, median of n.
load_s() {
	local i TIMEFORMAT=%R
	for i in $(seq "$n"); do
		{ time chromium --headless --disable-gpu --no-sandbox --no-first-run \
			--user-data-dir="$out/profile" --dump-dom "file://$1" >/dev/null 2>&1; } 2>&1
	done | sort -n | sed -n "$(((n + 1) / 2))p"
}
full=$(load_s "$page")
empty=$(load_s "$out/empty.html")
python3 - "$run/record.json" "$page" "$full" "$empty" <<'PYEOF'
import json, os, sys
r = json.load(open(sys.argv[1]))
size, full, empty = os.path.getsize(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4])
print("imports %d, libraries %d" % (sum(len(p["imports"]) for p in r["processes"]),
                                    sum(len(p["libraries"]) for p in r["processes"])))
print("page: %d bytes (%.2f MiB; bar 3 MiB)" % (size, size / 2**20))
print("chromium load + script + DOM dump: %.2f s, empty page %.2f s: the page itself %.2f s (bar 2 s)"
      % (full, empty, full - empty))
sys.exit(0 if size <= 3 * 2**20 and full - empty <= 2 else 1)
PYEOF
