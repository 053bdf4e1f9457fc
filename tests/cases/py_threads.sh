# py_threads -- four threads importing at once keep separate import stacks:
# each package's submodules nest under it, never under another thread's.
source "$CT_ROOT/tests/py_lib.sh"

for p in /usr/bin/python3 $(py_matrix | head -n 1); do
	rm -rf pkgs
	ct_compare "$p" "$CT_ROOT/tests/fixtures/py_threads.py" "$TMP/pkgs"
	py_json "all(parent('t%d' % n) is None for n in range(4))" \
		"all(parent('t%d.a' % n) == 't%d' % n for n in range(4))" \
		"all(parent('t%d.b' % n) == 't%d.a' % n for n in range(4))" \
		"max(mod('t%d' % n)['start_ns'] for n in range(4)) < min(mod('t%d' % n)['end_ns'] for n in range(4))" \
		"all(mod('t%d' % n)['cumulative_us'] >= 200000 for n in range(4))" \
		"all(mod('t%d.a' % n)['self_us'] >= 190000 for n in range(4))"
done
