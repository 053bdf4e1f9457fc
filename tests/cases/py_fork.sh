# py_fork -- os.fork() in the middle of an import: the child's log starts
# with an empty import stack (what it imports is top level there), the
# parent's import ends normally in the parent only.
source "$CT_ROOT/tests/py_lib.sh"

mkdir -p lib
cat >lib/forkmod.py <<'PYEOF'
import os, sys
pid = os.fork()
if pid == 0:
    import fractions
    print("child", fractions.Fraction(1, 3))
    sys.stdout.flush()
    os._exit(0)
os.waitpid(pid, 0)
print("parent done")
PYEOF
for p in /usr/bin/python3 $(py_matrix | head -n 1); do
	PYTHONPATH=$TMP/lib ct_compare "$p" -c 'import forkmod'
	py_json "len(procs) == 2" \
		"procs[1]['ppid'] == root['pid'] and procs[1]['python']['available']" \
		"parent('fractions', procs[1]) is None" \
		"'forkmod' not in mods(procs[1]) and 'fractions' not in mods(root)" \
		"mod('forkmod')['ok'] and mod('forkmod')['end_ns'] > procs[1]['start_ns']"
done
