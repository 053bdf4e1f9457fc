# shim_exec_candidates -- Python's subprocess searches PATH itself, one
# execve per directory: the child's execs[] holds one exec with every
# candidate it tried, in order, each failure's error, and the one that ran.
# (A forked child: subprocess._USE_VFORK off.)
mkdir -p "$TMP/empty"
ct_compare env PATH="$TMP/none:$TMP/empty:/usr/bin:/bin" "$PY" -c 'import subprocess; subprocess._USE_VFORK = False; subprocess.run(["true"], check=True)'
ct_json "[p['execs'] for p in r['processes'] if p['execs'] and p['pid'] != r['processes'][0]['pid']][0][0]['candidates'] == [{'path': '$TMP/none/true', 'error': 'No such file or directory'}, {'path': '$TMP/empty/true', 'error': 'No such file or directory'}, {'path': '/usr/bin/true', 'error': None}]" \
	"[(len(p['execs']), p['execs'][0]['path'], p['execs'][0]['ok'], p['execs'][0]['argv']) for p in r['processes'] if p['execs'] and p['pid'] != r['processes'][0]['pid']] == [(1, '/usr/bin/true', True, ['true'])]"

# an exec that fails in every candidate: one entry, ok false
ct_compare "$PY" -c 'import os
try:
    os.execvp("ct-no-such-program", ["ct-no-such-program"])
except OSError as e:
    print(e.errno)'
ct_json "[(e['ok'], len(e['candidates']) >= 1, all(c['error'] for c in e['candidates'])) for e in r['processes'][0]['execs']] == [(False, True, True)]"
