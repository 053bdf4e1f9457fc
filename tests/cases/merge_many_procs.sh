# merge_many_procs -- a run of 3,000 processes (a small `make -j`): merge
# keeps one log mapped at a time (65,000 would pass vm.max_map_count; here
# a 1 GiB address-space limit stands in for it, where 3,000 logs of 1 MiB
# mapped together fail) and links parents and execs by hash, not by search.
mkdir -p "$TMP/run"
"$PY" - "$CT_ROOT/tests" "$TMP/run" <<'PYEOF' || ct_fail "cannot write the logs"
import sys
sys.path.insert(0, sys.argv[1])
from ctlog_write import *
d, root = sys.argv[2], 100000
proc_log(d, root, 1, 1000, ["/bin/make", "make", "-j"])
for i in range(1, 2999):
    proc_log(d, root + i, root + (i - 1) // 8, 1000 + 10 * i, ["/bin/cc", "cc", "f%d.c" % i],
             extra=[record(OPEN, 1001 + 10 * i, dur_ns=100, result=3, strings=("f%d.c" % i,))],
             exit_how=3 if i == 7 else 0)
# pid 100007 exec'd a second image
proc_log(d, root + 7, root, 900000, ["/bin/as", "as", "f7.s"])
PYEOF
# ASan reserves terabytes of shadow: the sanitised CLI (make check) runs unlimited
limit=1048576
ldd "$COLDTRACE" | grep -q libasan && limit=unlimited
start=$(date +%s)
(ulimit -v $limit && timeout 120 "$COLDTRACE" merge "$TMP/run") >"$TMP/merge.out" 2>&1
rc=$?
cat "$TMP/merge.out"
ct_eq "$rc" 0 "merge of 3,000 logs (address space: $limit KiB)"
echo "merged in $(($(date +%s) - start)) s"
RUN=$TMP/run
ct_json "len(r['processes']) == 3000" "r['processes'][0]['argv'] == ['/bin/make', 'make', '-j']" \
	"r['events']['records'] == 3000 * 2 + 2998" \
	"sum(p['parent'] == 100000 for p in r['processes']) == 9" \
	"[p['exec_of'] for p in r['processes'] if p['pid'] == 100007] == [None, '100007.1070']"
