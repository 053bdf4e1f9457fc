# merge_fs_runs -- the record keys a timeline needs: imports[].tid and
# dlopens[].tid name the thread (csv is imported on the second thread),
# and fs_runs[] are disjoint intervals per thread, sorted, inside the
# image's life, that count every file-system call outside dlopen once.
ct_compare "$PY" "$CT_ROOT/tests/fixtures/html_run.py"
ct_json "[p for p in r['processes'] if p['imports']][0]['threads'][1]['tid'] == \
	[i['tid'] for p in r['processes'] for i in p['imports'] if i['module'] == 'csv'][0]" \
	"all(i['tid'] == p['threads'][0]['tid'] for p in r['processes'] for i in p['imports'] if i['module'] == 'json')" \
	"all(d['tid'] in [t['tid'] for t in p['threads']] for p in r['processes'] for d in p['dlopens'])" \
	"any(p['fs_runs'] for p in r['processes'])" \
	"all(p['start_ns'] <= f['start_ns'] <= f['end_ns'] <= p['end_ns'] and f['calls'] >= 1 and \
	     0 <= f['failed'] <= f['calls'] and 0 < f['busy_ns'] <= f['end_ns'] - f['start_ns'] \
	     for p in r['processes'] for f in p['fs_runs'])" \
	"all(a['tid'] < b['tid'] or (a['tid'] == b['tid'] and a['end_ns'] <= b['start_ns']) \
	     for p in r['processes'] for a, b in zip(p['fs_runs'], p['fs_runs'][1:]))" \
	"all(sum(f['calls'] for f in p['fs_runs']) <= sum(c['count'] for k, c in p['calls'].items() \
	     if k in ('open', 'creat', 'fopen', 'opendir', 'stat', 'lstat', 'fstat', 'fstatat', 'statx', \
	              'access', 'readlink', 'readlinkat', 'realpath')) for p in r['processes'])" \
	"all(f['import'] in [None] + [i['module'] for i in p['imports']] for p in r['processes'] for f in p['fs_runs'])"
