# merge_dump -- `coldtrace dump` prints every record of a run's event logs
# as JSON Lines: one "log" line per file, then one line per record, each
# with its kind name and every field; the count matches events.records and
# events.format names the logs' version.
ct_compare "$PY" -c 'import json, threading; t = threading.Thread(target=print); t.start(); t.join()'
"$COLDTRACE" dump "$RUN" >"$TMP/dump.jsonl" 2>"$TMP/dump.err"
ct_eq "$?" 0 "exit status of coldtrace dump RUNDIR"
[ -s "$TMP/dump.err" ] && { cat "$TMP/dump.err"; ct_fail "dump of a sound run wrote to stderr"; }
"$PY" - "$TMP/dump.jsonl" "$RUN/record.json" <<'PYEOF' || ct_fail "dump output is wrong (see above)"
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
rec = json.load(open(sys.argv[2]))
logs = [l for l in lines if l["kind"] == "log"]
recs = [l for l in lines if l["kind"] != "log"]
assert [l["file"] for l in logs] == sorted(rec["events"]["files"]), logs
assert all(rec["events"]["format"] == "ctlog.v%d" % l["version"] for l in logs), rec["events"]
assert len(recs) == rec["events"]["records"], (len(recs), rec["events"]["records"])
fields = {"kind", "kind_id", "pid", "tid", "t_ns", "dur_ns", "result", "err",
          "import_id", "a0", "a1", "a2", "s"}
assert all(set(l) == fields for l in recs), [l for l in recs if set(l) != fields][:1]
kinds = {l["kind"] for l in recs}
for k in ("proc_start", "exit", "lib", "open", "import_begin", "import_end",
          "pthread_create", "thread_start"):
    assert k in kinds, (k, sorted(kinds))
assert "unknown" not in kinds
start = [l for l in recs if l["kind"] == "proc_start"][0]
assert start["a1"] > 10**18, start    # CLOCK_REALTIME ns, printed exactly
assert start["s"][1].split("\x1f")[0] == sys.executable or start["s"][1].startswith("/usr/bin/python3")
PYEOF
# one log (a slot of the pack, named as a file would be) gives the same
# records as its directory
log=$RUN/$("$PY" -c 'import json, sys; print(json.load(open(sys.argv[1]))["artifacts"]["events"][0])' "$RUN/record.json")
"$COLDTRACE" dump "$log" >"$TMP/one.jsonl" || ct_fail "dump of one file failed"
cmp "$TMP/one.jsonl" "$TMP/dump.jsonl" || ct_fail "dump FILE differs from dump RUNDIR for a one-process run"
# usage errors
"$COLDTRACE" dump >/dev/null 2>"$TMP/usage.err"
ct_eq "$?" 2 "exit status of dump without an argument"
grep -q '^coldtrace: usage: coldtrace dump' "$TMP/usage.err" || ct_fail "no usage line: $(cat "$TMP/usage.err")"
"$COLDTRACE" dump "$TMP/no-such-file" >/dev/null 2>"$TMP/missing.err"
ct_eq "$?" 2 "exit status of dump of a missing file"
ct_lines "$TMP/missing.err" 1 "message for a missing file"
