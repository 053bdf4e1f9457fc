#!/bin/bash
# html_page.sh [N] -- the HTML pages of `python3 -c 'import torch'`: the
# run page's size (the bar: <= 3 MiB) and how long headless Chromium takes
# to load it and run its script, minus the same for an empty page (median
# of N, default 5; the bar: <= 2 s); then the same for the series page of
# `-n 5 --cache both` (10 runs), with the time `report --html` takes to
# write it (the two median runs' pages included).  Needs python3-torch and
# chromium.  Prints a report; exits 1 when a bar is missed.
set -eu
cd "$(dirname "$0")/.."
n=${1:-5}
out=$(mktemp -d /tmp/ct-html-bench.XXXXXX)
trap 'rm -rf "$out"' EXIT
build/ct-launch --quiet --runs-dir "$out/runs" --name torch -- /usr/bin/python3 -c 'import torch' \
	2>"$out/launch.err" || { cat "$out/launch.err"; exit 1; }
run=$(ls -d "$out"/runs/*)
page=$(build/coldtrace report --html "$run")
build/ct-launch --quiet --runs-dir "$out/series" --name torch -n 5 --cache both -- \
	/usr/bin/python3 -c 'import torch' 2>"$out/series.err" || { cat "$out/series.err"; exit 1; }
series=$(ls -d "$out"/series/*)
t0=$(date +%s%N)
spage=$(build/coldtrace report --html "$series")
t1=$(date +%s%N)
echo '<!DOCTYPE html><title>empty</title><body>' >"$out/empty.html"

# Seconds for chromium to load FILE and dump its DOM, median of n.
load_s() {
	local i TIMEFORMAT=%R
	for i in $(seq "$n"); do
		{ time chromium --headless --disable-gpu --no-sandbox --no-first-run \
			--user-data-dir="$out/profile" --dump-dom "file://$1" >/dev/null 2>&1; } 2>&1
	done | sort -n | sed -n "$(((n + 1) / 2))p"
}
empty=$(load_s "$out/empty.html")
python3 - "$run/record.json" "$page" "$(load_s "$page")" "$empty" "$spage" "$(load_s "$spage")" \
	"$(((t1 - t0) / 1000000))" <<'PYEOF'
import json, os, sys
r = json.load(open(sys.argv[1]))
empty, ok = float(sys.argv[4]), True
print("imports %d, libraries %d" % (sum(len(p["imports"]) for p in r["processes"]),
                                    sum(len(p["libraries"]) for p in r["processes"])))
for what, page, full in (("run page", sys.argv[2], sys.argv[3]),
                         ("series page (10 runs)", sys.argv[5], sys.argv[6])):
    size, full = os.path.getsize(page), float(full)
    print("%s: %d bytes (%.2f MiB; bar 3 MiB)" % (what, size, size / 2**20))
    print("  chromium load + script + DOM dump: %.2f s, empty page %.2f s: the page itself %.2f s"
          " (bar 2 s)" % (full, empty, full - empty))
    ok = ok and size <= 3 * 2**20 and full - empty <= 2
print("report --html of the series (2 median run pages written): %s ms" % sys.argv[7])
sys.exit(0 if ok else 1)
PYEOF
