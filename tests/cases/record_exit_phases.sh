# record_exit_phases -- time.parts splits the exit: a C atexit handler's
# 100 ms of CPU in atexit, the program's C++ static destructor (50 ms,
# under _dl_fini) in native_exit; a Python atexit callback's 80 ms of CPU
# in atexit on every Python of the matrix, with program_work and
# finalization beside it when threading was imported (its _shutdown marks
# Python's exit start), after_imports (holding the callback) when it was
# not; Debian's torch:
# finalization present, program_work under 20 ms.  Output as bare.
source "$CT_ROOT/tests/py_lib.sh"
bin=$TMP/exit_phases
c++ -O1 -o "$bin" "$CT_ROOT/tests/fixtures/exit_phases.cpp" || ct_fail "cannot build exit_phases.cpp"
# the root image's parts by name, into $TMP/parts.json
parts() {
	"$PY" -c 'import json, sys
r = json.load(open(sys.argv[1]))
t = r["processes"][0]["time"]
assert sum(p["ns"] for p in t["parts"]) == t["traced_ns"], "parts add up"
json.dump({p["part"]: p for p in t["parts"]}, open(sys.argv[2], "w"))' \
		"$RUN/record.json" "$TMP/parts.json" || ct_fail "no parts"
}
ms() { echo "p['$1']['$2'] is not None and $3 <= p['$1']['$2'] / 1e6 <= $4"; }

export EXIT_PHASES_SPIN=1
ct_compare "$bin"
unset EXIT_PHASES_SPIN
ct_eq "$CT_STATUS" 3 "status of a return from main"
parts
# CPU is robust to a loaded machine, wall only from below (and loosely above)
ct_jtrue "$TMP/parts.json" p "C parts" "$(ms atexit cpu_ns 80 120)" "$(ms atexit ns 80 2000)" \
	"$(ms native_exit ns 40 2000)" "p['native_exit']['cpu_ns'] is None" \
	"'program_work' not in p and 'finalization' not in p and 'after_imports' not in p"

spin='import atexit, sys, time
if sys.argv[1:]: import threading
def spin():
    print("threading" in sys.modules)
    t = time.thread_time() + 0.08
    while time.thread_time() < t: pass
atexit.register(spin); print("x")'
for py in $(py_matrix); do
	ct_compare "$py" -c "$spin" threading
	parts
	ct_jtrue "$TMP/parts.json" p "$py parts" "$(ms atexit cpu_ns 64 100)" \
		"$(ms atexit ns 64 2000)" "$(ms program_work ns 0 20)" \
		"p['finalization']['cpu_ns'] is not None" "'after_imports' not in p"
	ct_compare "$py" -c "$spin"   # some import threading at start-up (3.11)
	grep -qx False "$TMP/ct.out" || continue
	parts
	ct_jtrue "$TMP/parts.json" p "$py parts without threading" \
		"$(ms after_imports ns 64 2000)" "'program_work' not in p" "'finalization' in p"
done

/usr/bin/python3 -c 'import torch' 2>/dev/null || ct_skip "Debian's python3-torch is not installed"
ct_compare /usr/bin/python3 -c 'import torch'
parts
ct_jtrue "$TMP/parts.json" p "torch parts" "$(ms program_work ns 0 20)" \
	"p['finalization']['ns'] > 0 and p['atexit']['ns'] > 0 and 'native_exit' in p"
