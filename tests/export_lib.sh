# export_lib.sh -- the run the record-based export cases share
# (export_perfetto.sh, export_otlp.sh): tests/fixtures/export_tree.py
# under `ct-launch --loader` -- nested imports, a thread, a dlopen of
# liblp_b.so (a 5 ms constructor), a fork whose child execs /bin/true.
source "$CT_ROOT/tests/report_lib.sh"
source "$CT_ROOT/tests/loader_lib.sh"
source "$CT_ROOT/tests/pyvenv_lib.sh"

# ct_export_tree RUNNER: RUNNER (ct_run or ct_compare) on the fixture; sets RUN.
ct_export_tree() {
	mkdir -p "$LP_DIR"
	ct_lp_obj B 5 liblp_b.so || ct_fail "cannot build liblp_b.so"
	CT_OPTS=(--loader)
	"$1" "$PY" "$CT_ROOT/tests/fixtures/export_tree.py" "$TMP/py" "$LP_DIR/liblp_b.so"
	CT_OPTS=()
	ct_eq "$CT_STATUS" 0 "status of the fixture"
}
