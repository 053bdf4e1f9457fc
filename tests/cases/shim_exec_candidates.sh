# shim_exec_candidates -- Python's subprocess searches PATH itself, one
# execve per directory: the child's execs[] holds one exec with every
# candidate it tried, in order, each failure's error, and the one that ran.
# A forked child (subprocess._USE_VFORK off) has them in its own image; a
# vfork child (the default) in its children[] entry of the parent.
mkdir -p "$TMP/empty"
want="[{'path': '$TMP/none/true', 'error': 'No such file or directory'}, {'path': '$TMP/empty/true', 'error': 'No such file or directory'}, {'path': '/usr/bin/true', 'error': None}]"
ct_compare env PATH="$TMP/none:$TMP/empty:/usr/bin:/bin" "$PY" -c 'import subprocess; subprocess._USE_VFORK = False; subprocess.run(["true"], check=True)'
ct_json "[p['execs'] for p in r['processes'] if p['execs'] and p['pid'] != r['processes'][0]['pid']][0][0]['candidates'] == $want" \
	"[(len(p['execs']), p['execs'][0]['path'], p['execs'][0]['ok'], p['execs'][0]['argv']) for p in r['processes'] if p['execs'] and p['pid'] != r['processes'][0]['pid']] == [(1, '/usr/bin/true', True, ['true'])]"

ct_compare env PATH="$TMP/none:$TMP/empty:/usr/bin:/bin" "$PY" -c 'import subprocess; subprocess.run(["true"], check=True)'
kids="[c for p in r['processes'] for c in p['children']]"   # env execs Python
ct_json "[c['how'] for c in $kids] == ['vfork']" \
	"[(e['path'], e['ok'], e['argv'], e['traced'], e['untraced'], e['candidates'] == $want) for e in $kids[0]['execs']] == [('/usr/bin/true', True, ['true'], True, None, True)]" \
	"[len(p['execs']) for p in r['processes']] == [1, 0, 0] and not r['warnings']"

# a vfork child whose every candidate fails (it exits 127 unseen): ok false
ct_compare env PATH="$TMP/none:$TMP/empty" "$PY" -c 'import subprocess
try:
    subprocess.run(["ct-no-such-program"])
except OSError as e:
    print(e.errno)'
ct_json "[(e['ok'], e['traced'], [c['path'] for c in e['candidates']], all(c['error'] for c in e['candidates'])) for e in $kids[0]['execs']] == [(False, None, ['$TMP/none/ct-no-such-program', '$TMP/empty/ct-no-such-program'], True)]"

# an exec that fails in every candidate: one entry, ok false
ct_compare "$PY" -c 'import os
try:
    os.execvp("ct-no-such-program", ["ct-no-such-program"])
except OSError as e:
    print(e.errno)'
ct_json "[(e['ok'], len(e['candidates']) >= 1, all(c['error'] for c in e['candidates'])) for e in r['processes'][0]['execs']] == [(False, True, True)]"
