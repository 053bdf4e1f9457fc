# merge_linear -- the merge is linear in the number of process images: a
# crafted shell loop of 5,000 images (tests/ctlog_write.py's shell_loop,
# each image with its exit snapshot, some with an audit log) merges in at
# most 15 times the CPU time of one of 500 (best of 3 each; a search of
# the run directory per image made it ~100 times), and both records link
# parents, children and execs, and find each image's own audit log.
for n in 500 5000; do
	mkdir -p "$TMP/run$n"
	"$PY" - "$CT_ROOT/tests" "$TMP/run$n" "$n" <<'PYEOF' || ct_fail "cannot write the logs"
import os, sys
sys.path.insert(0, sys.argv[1])
from ctlog_write import shell_loop
d, n, root = sys.argv[2], int(sys.argv[3]) // 2, 100000
shell_loop(d, n, root)
# audit logs of the first and the last /bin/true (ld.so starts them before
# the image's own log, after the fork child it replaced ended)
for i in (0, n - 1):
    with open(os.path.join(d, "%d.%d.ldaudit" % (root + 1 + i, 4010 + 3000 * i + 1050)), "w") as f:
        f.write("O 1 0 1 /bin/true\n")
PYEOF
done
# best CPU time (user + system, the merge and its children) of 3 merges
"$PY" - "$COLDTRACE" "$TMP/run500" "$TMP/run5000" >"$TMP/times" <<'PYEOF' || ct_fail "a merge failed"
import os, subprocess, sys, time
ct = sys.argv[1]
for d in sys.argv[2:]:
    best = None
    for _ in range(3):
        t0 = time.monotonic()
        p = subprocess.Popen([ct, "merge", d], stdout=subprocess.DEVNULL)
        pid = 0
        while not pid and time.monotonic() - t0 < 30:   # a quadratic merge: ~80 s
            time.sleep(0.01)
            pid, status, ru = os.wait4(p.pid, os.WNOHANG)
        if not pid:
            p.kill()
            sys.exit("merge of %s: not done in 30 s" % d)
        if status:
            sys.exit("merge of %s: status %d" % (d, status))
        cpu = ru.ru_utime + ru.ru_stime
        best = cpu if best is None else min(best, cpu)
    print(best)
PYEOF
read -r t500 t5000 <<<"$(tr '\n' ' ' <"$TMP/times")"
echo "best CPU time: 500 images $t500 s, 5,000 images $t5000 s"
"$PY" -c "import sys; sys.exit(not float(sys.argv[2]) <= 15 * float(sys.argv[1]))" "$t500" "$t5000" ||
	ct_fail "5,000 images took $t5000 s, more than 15 times the $t500 s of 500"
for n in 500 5000; do
	RUN=$TMP/run$n
	ct_json "len(r['processes']) == $n + 1" "r['warnings'] == []" \
		"r['events']['records'] == $n // 2 * 6 + 2" \
		"[p['argv'] for p in r['processes'][:1]] == [['/bin/sh', 'sh', 'loop.sh']]" \
		"len(r['processes'][0]['children']) == $n // 2" \
		"sum(p['parent'] == 100000 for p in r['processes']) == $n" \
		"sum(p['exec_of'] is not None for p in r['processes']) == $n // 2" \
		"all(e['traced'] for p in r['processes'] for e in p['execs'])" \
		"[p['pid'] for p in r['processes'] if p['loader']] == [100001, 100000 + $n // 2]" \
		"all(p['loader']['objects_mapped'] == 1 for p in r['processes'] if p['loader'])" \
		"all(p['proc']['status']['VmHWM_kb'] == 1000 for p in r['processes'])"
done
