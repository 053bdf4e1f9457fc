# shim_bad_pointers -- paths, argv and envp that cannot be read (unmapped,
# or running into a PROT_NONE page), and pointers refused before they are
# read, get their EFAULT/EINVAL as without coldtrace; the records of those
# calls have no strings (the mark of an unreadable host string), while a
# readable path of a failed call is kept.
bin=$(ct_fixture badptr "" -ldl) || ct_fail "cannot build badptr.c"
ct_compare "$bin"
cmp "$TMP/bare.err" "$RUN/stderr.log" || ct_fail "stderr differs under coldtrace"
ct_eq "$(grep -c 'EFAULT$' "$TMP/ct.out")" 27 "calls that got EFAULT"
"$COLDTRACE" dump "$RUN" >"$TMP/dump.jsonl" || ct_fail "coldtrace dump failed"
"$PY" - "$TMP/dump.jsonl" <<'PYEOF' || ct_fail "records of the refused calls are wrong (see above)"
import errno, json, sys
recs = [json.loads(l) for l in open(sys.argv[1])]
def count(kind, err, s):
    return sum(1 for r in recs if r["kind"] == kind and r["err"] == err and r["s"] == s)
assert count("stat", errno.EFAULT, []) == 2, "stat of an unreadable path"
assert count("stat", errno.EFAULT, ["/"]) == 1, "stat of a readable path into a bad buffer"
assert count("open", errno.EFAULT, []) == 4 and count("fopen", errno.EFAULT, []) == 2
assert count("access", errno.EINVAL, []) == 1, "faccessat refused before the path was read"
assert count("fopen", errno.EINVAL, []) == 1, "fopen with a bad mode"
assert sum(1 for r in recs if r["kind"] == "dlopen" and r["s"] == []) == 1
assert sum(1 for r in recs if r["kind"] == "exec" and r["s"] == []) == 6, "3 execs, before and after"
assert sum(1 for r in recs if r["kind"] == "exec" and r["s"] == ["/bin/true", "/bin/true"]) == 4
PYEOF
