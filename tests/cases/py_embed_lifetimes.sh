# py_embed_lifetimes -- a C program embedding CPython runs three lifetimes
# of the interpreter (Py_Initialize, an import, Py_FinalizeEx), each
# importing its own module: the same output as bare, and every lifetime's
# imports are recorded (CPython clears the audit hooks at finalization; the
# hook goes back in for the next Py_Initialize).  Debian's python3 and
# pyenv's first and last supported versions, also with PYTHONMALLOC=debug.
source "$CT_ROOT/tests/py_lib.sh"
n=0
for cfg in /usr/bin/python3-config /root/.pyenv/versions/3.8*/bin/python3-config \
	   /root/.pyenv/versions/3.13*/bin/python3-config; do
	[ -x "$cfg" ] || continue
	libdir=$("$cfg" --prefix)/lib
	bin=$(ct_fixture py_embed "$(basename "$(dirname "$(dirname "$cfg")")")" \
		$("$cfg" --cflags) $("$cfg" --embed --ldflags) -Wl,-rpath,"$libdir") ||
		ct_fail "cannot build py_embed.c with $cfg"
	for malloc in "" debug; do
		PYTHONMALLOC=$malloc ct_compare "$bin"
		cmp "$TMP/bare.err" "$RUN/stderr.log" || ct_fail "$cfg: stderr differs under coldtrace"
		ct_json "r['processes'][0]['python']['available']" \
			"[i['module'] for i in r['processes'][0]['imports'] if i['module'] in ('json', 'csv', 'wave') and i['parent'] is None] == ['json', 'csv', 'wave']" \
			"[i['module'] for i in r['processes'][0]['imports']].count('site') == 3" \
			"all(i['end_ns'] for i in r['processes'][0]['imports'])"
	done
	n=$((n + 1))
done
[ "$n" -gt 0 ] || ct_skip "no python3-config to build an embedding program with"
