# wheel_install -- the wheel (make wheel) installs with pip into a fresh
# venv of pyenv's Python 3.8 and of 3.13, its ct-launch on the venv's PATH
# traces `import sqlite3` (the host's output unchanged; _sqlite3 imported,
# its .so and libsqlite3 in the record, the shim and the CLI those of the
# venv), and auditwheel finds the wheel manylinux_2_17.  The wheel's tools
# come from the venv .ci/wheel-deps makes (CI: .ci/run); without it the
# case skips, never fetching anything itself.
tools=$CT_ROOT/build/wheel-venv
[ -f "$tools/.ready" ] || ct_skip "no $tools: run bash .ci/wheel-deps (PyPI) or make wheel"
make -s -C "$CT_ROOT" wheel >"$TMP/make.log" 2>&1 || { cat "$TMP/make.log"; ct_fail "make wheel"; }
whl=$(ls "$CT_ROOT"/dist/coldtrace-*-py3-none-manylinux2014_x86_64.whl) || ct_fail "make wheel left no wheel"
"$tools/bin/auditwheel" show "$whl" >"$TMP/show.txt" 2>&1 || { cat "$TMP/show.txt"; ct_fail "auditwheel show"; }
tr -s ' \n' '  ' <"$TMP/show.txt" | grep -q 'consistent with the following platform tag: "manylinux_2_17_x86_64"' ||
	{ cat "$TMP/show.txt"; ct_fail "auditwheel: not manylinux_2_17_x86_64"; }

prog='import sqlite3; print(sqlite3.connect(":memory:").execute("select 6*7").fetchone()[0])'
n=0
for v in 3.8 3.13; do
	py=$(ls -d "$HOME"/.pyenv/versions/$v.*/bin/python3 2>/dev/null | tail -n 1)
	[ -x "$py" ] || continue
	venv=$TMP/venv-$v
	"$py" -m venv "$venv" || ct_fail "$py -m venv"
	"$venv/bin/pip" install --quiet --disable-pip-version-check --no-index "$whl" ||
		ct_fail "pip install $whl into Python $v"
	CT=$venv/bin/ct-launch PATH=$venv/bin:$PATH ct_compare python -c "$prog"
	ct_eq "$(cat "$TMP/ct.out")" 42 "Python $v: the program's output"
	# own: the shim, and the start-up objects only it needs (the zig build
	# names libpthread and libdl; docs/record-processes.md, libraries[].how)
	ct_json "any(i['module'] == '_sqlite3' for i in r['processes'][0]['imports'])" \
		"any('/_sqlite3.' in l['path'] for l in r['processes'][0]['libraries'])" \
		"any('/libsqlite3.so' in l['path'] for l in r['processes'][0]['libraries'])" \
		"[l['path'] for l in r['processes'][0]['libraries'] if l['own']][0] == '$venv/lib/coldtrace/libcoldtrace.so'" \
		"all('DT_NEEDED of $venv/lib/coldtrace/libcoldtrace.so' in l['note'] for l in r['processes'][0]['libraries'] if l['own'] and not l['path'].endswith('/libcoldtrace.so'))" \
		"{l['path'].rsplit('/', 1)[1] for l in r['processes'][0]['libraries'] if l['own']} <= {'libcoldtrace.so', 'libpthread.so.0', 'libdl.so.2'}" \
		"r['processes'][0]['exe'].startswith('$HOME/.pyenv/versions/$v.')"
	n=$((n + 1))
done
[ $n -gt 0 ] || ct_skip "no pyenv Python 3.8 or 3.13 in ~/.pyenv/versions"
[ $n -eq 2 ] || ct_fail "only $n of Python 3.8 and 3.13 found in ~/.pyenv/versions"
