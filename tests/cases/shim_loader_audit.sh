# shim_loader_audit -- with --loader the audit library records the loader's
# own search: for a dlopen by bare name through LD_LIBRARY_PATH and for a
# start-up dependency found through RUNPATH, the candidates in order equal
# the "trying file=" lines LD_DEBUG=libs prints in the same traced run (the
# audit library's own libc search already settles which hwcaps
# subdirectories exist, so a run without it tries more), with the step that
# found the object and the real requester; a dlopen's time is split at the
# point where its objects were all mapped.
d=$(realpath -m "$TMP/la")
mkdir -p "$d/e1" "$d/lib" "$d/app/deps"
${CC:-cc} -shared -fPIC -o "$d/lib/libdep.so" "$CT_ROOT/tests/fixtures/rp_dep.c" &&
	${CC:-cc} -shared -fPIC -Wl,-soname,libcuda.so.1 -o "$d/app/deps/libcuda.so.1" \
		"$CT_ROOT/tests/fixtures/fake_cuda.c" &&
	${CC:-cc} -o "$d/app/main" "$CT_ROOT/tests/fixtures/cuda_needed.c" -L"$d/app/deps" \
		-l:libcuda.so.1 -Wl,--enable-new-dtags,-rpath,'$ORIGIN/deps' ||
	ct_fail "cannot build the fixtures"
bin=$(ct_fixture dlopen_name plain -ldl) || ct_fail "cannot build dlopen_name.c"
CT_OPTS=(--loader)

# the "trying file=" lines of the search for $2 in LD_DEBUG=libs output $1
ct_tried() {
	awk -v lib="$2" '/find library=/ { on = index($0, "find library=" lib " ") > 0; next }
		/calling init|trying file=/ && !on { next }
		on && /trying file=/ { sub(/.*trying file=/, ""); print }' "$1"
}

LD_LIBRARY_PATH=$d/e1:$d/lib LD_DEBUG=libs ct_compare "$bin" libdep.so
ct_tried "$RUN/stderr.log" libdep.so >"$TMP/want1.txt"
grep -q "^$d/lib/libdep.so\$" "$TMP/want1.txt" || ct_fail "LD_DEBUG shows no search for libdep.so"
ct_json "[c['path'] for c in [l for l in r['processes'][0]['libraries'] if l['path'] == '$d/lib/libdep.so'][0]['search']['candidates']] == open('$TMP/want1.txt').read().split()" \
	"[(l['search']['request'], l['search']['requester'], l['search']['found_by']) for l in r['processes'][0]['libraries'] if l['path'] == '$d/lib/libdep.so'] == [('libdep.so', '$bin', 'LD_LIBRARY_PATH')]" \
	"r['processes'][0]['loader']['candidates_tried'] >= len(open('$TMP/want1.txt').read().split())" \
	"[sum(x['loader_split'].values()) == x['dur_ns'] for x in r['processes'][0]['dlopens'] if x['requested'] == 'libdep.so'] == [True]" \
	"[l['own'] for l in r['processes'][0]['libraries'] if l['path'].endswith('/libcoldtrace-audit.so')] == [True]"

LD_DEBUG=libs ct_compare "$d/app/main"
ct_tried "$RUN/stderr.log" libcuda.so.1 >"$TMP/want2.txt"
grep -q "^$d/app/deps/libcuda.so.1\$" "$TMP/want2.txt" || ct_fail "LD_DEBUG shows no search for libcuda.so.1"
ct_json "[(l['search']['requester'], l['search']['found_by'], [c['path'] for c in l['search']['candidates']]) for l in r['processes'][0]['libraries'] if l['path'] == '$d/app/deps/libcuda.so.1'] == [('$d/app/main', 'RUNPATH', open('$TMP/want2.txt').read().split())]"

"$COLDTRACE" report "$RUN" >"$TMP/rep.out" || ct_fail "coldtrace report failed"
grep -q "the loader's own work (--loader): [0-9]* searches, [0-9]* candidate files tried" "$TMP/rep.out" ||
	{ cat "$TMP/rep.out"; ct_fail "the report does not show the loader's own work"; }

# a program that closes every descriptor: it never notices the audit log's
closefds=$(ct_fixture closefds) || ct_fail "cannot build closefds.c"
ct_compare "$closefds"
ct_json "r['processes'][0]['calls']['open']['count'] == 100" "r['processes'][0]['loader'] is not None"

# a forked child writes a log of its own, from its first loader event
ct_compare "$PY" -c 'import os
pid = os.fork()
if pid == 0:
    import _lzma
    os._exit(0)
os.waitpid(pid, 0)'
ct_json "[p['loader']['log'].startswith('%d.' % p['pid']) for p in r['processes']] == [True, True]" \
	"[l['search']['found_by'] for l in r['processes'][1]['libraries'] if '/_lzma.' in l['path']] == ['the requested path']"

# without --loader: no audit log, loader null
CT_OPTS=()
ct_compare "$d/app/main"
ct_json "r['processes'][0]['loader'] is None" "not any(f.endswith('.ldaudit') for f in os.listdir('$RUN'))"
