# py_audit -- the audit events pyhook keeps (PY_AUDIT records, seen with
# `coldtrace dump`), each with its short summary, in the Python process's
# own log; and the modules that were there before the import wrapper.
source "$CT_ROOT/tests/py_lib.sh"

for p in /usr/bin/python3 $(py_matrix | head -n 1) $(py_matrix | grep 3.13); do
	ct_compare "$p" "$CT_ROOT/tests/fixtures/py_audit.py" "$TMP"
	"$COLDTRACE" dump "$RUN" >dump.jsonl || ct_fail "coldtrace dump $RUN"
	minor=$("$p" -c 'import sys; print(sys.version_info[1])')
	"$PY" - "$(ct_jget "r['processes'][0]['pid']")" "$TMP" "$CT_ROOT" "$minor" <<'PYEOF' ||
import json, sys
pid, tmp, root, minor = int(sys.argv[1]), sys.argv[2], sys.argv[3], int(sys.argv[4])
seen = [tuple(e["s"][:2]) for e in map(json.loads, open("dump.jsonl"))
        if e["kind"] == "py_audit" and e["pid"] == pid]
want = [("subprocess.Popen", "/bin/true"),
        ("os.system", "true"), ("ctypes.dlopen", "libm.so.6"),
        ("os.posix_spawn", "/bin/true"),
        ("cpython.run_file", root + "/tests/fixtures/py_audit.py")]
bad = [w for w in want if w not in seen]
# Python's "open" is not kept: the native open record is the same call
bad += ["open kept: %r" % (s,) for s in seen if s[0] == "open"]
# CPython raises the _thread.start_* events from 3.12 on
# (summary: the Thread's name, its target, the line that started it)
if minor >= 12 and not any(s[0].startswith("_thread.start_") and len(s[1].split("\x1f")) == 3
                           and s[1].split("\x1f")[2].startswith(root + "/tests/fixtures/py_audit.py:")
                           for s in seen):
    bad.append("_thread.start_*")
before = [s[1].split() for s in seen if s[0] == "coldtrace.before_hook"]
if len(before) != 1 or not {"sys", "builtins"} <= set(before[0]):
    bad.append("coldtrace.before_hook: %r" % before)
for b in bad:
    print("missing py_audit record:", b)
sys.exit(1 if bad else 0)
PYEOF
		ct_fail "$p: audit records (see above)"
done
