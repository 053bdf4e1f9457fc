# shim_py_procs -- subprocess and a multiprocessing pool (workers end with
# os._exit): every process is recorded, with the right parent, and the
# workers' logs are complete.  subprocess spawns with vfork (CPython 3.10+):
# the echo is the root's vfork child, linked through its exec.
ct_compare "$PY" "$CT_ROOT/tests/fixtures/py_procs.py"
ct_json "any(p['argv'] == ['/bin/echo', 'from subprocess'] and p['ppid'] == r['process']['pid'] for p in r['processes'])" \
	"len([p for p in r['processes'] if p['exit']['how'] == '_exit' and p['ppid'] == r['process']['pid']]) >= 2" \
	"all(p['complete'] for p in r['processes'])" \
	"[c['how'] for c in r['processes'][0]['children'] for p in r['processes'] if p['argv'][0] == '/bin/echo' and c['pid'] == p['pid']] == ['vfork']"
