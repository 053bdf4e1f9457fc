# merge_v0_syscalls -- syscalls.txt is strace -c's table of calls{}: the
# header and rule lines of a real `strace -c`, rows by its column widths,
# totals that add up, and a last line saying what it does not see.  The
# fixture's 7 failing opens and 8 stats (3 failing) are its rows.
bin=$(ct_fixture v0_calls) || ct_fail "cannot build the fixture"
ct_compare "$bin"
ct_eq "$(cat "$TMP/ct.out")" "10 failed" "the fixture's output"
ct_json "r['artifacts']['strace_summary'] == 'syscalls.txt'" \
	"'strace_summary' not in r['artifacts']['not_written']"
command -v strace >/dev/null || ct_skip "strace is not installed (its table is the reference)"
strace -f -c -o "$TMP/strace.txt" "$bin" >/dev/null || ct_fail "strace -c of the fixture"
"$PY" "$CT_ROOT/tests/v0_check.py" strace "$TMP/strace.txt" >/dev/null ||
	ct_fail "the parser does not read strace's own table"
"$PY" "$CT_ROOT/tests/v0_check.py" syscalls "$RUN/syscalls.txt" "$TMP/strace.txt" \
	>"$TMP/rows.json" || ct_fail "syscalls.txt is not strace -c's table"
ct_jtrue "$TMP/rows.json" t syscalls.txt \
	"t['open']['calls'] >= 7 and t['open']['errors'] >= 7" \
	"t['stat']['calls'] >= 8 and t['stat']['errors'] >= 3" \
	"all(v['seconds'] >= 0 for v in t.values())"

# a Python run: many kinds, summed over the processes of a shell pipeline
ct_run sh -c "$PY -c 'import json' && $PY -S -c 'import os'"
"$PY" "$CT_ROOT/tests/v0_check.py" syscalls "$RUN/syscalls.txt" "$TMP/strace.txt" \
	>"$TMP/rows.json" || ct_fail "syscalls.txt of a shell and two Pythons"
"$PY" - "$RUN/record.json" "$TMP/rows.json" <<'PY' || ct_fail "rows are not calls{} summed"
import json, sys
r, t = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
want = {}
for p in r["processes"]:
    for k, c in p["calls"].items():
        w = want.setdefault(k, [0, 0])
        w[0] += c["count"]; w[1] += c["errors"]
want = {k: v for k, v in want.items() if v[0]}
got = {k: [v["calls"], v["errors"]] for k, v in t.items()}
assert got == want, (got, want)
PY
