# loader_lib.sh -- the loader fixture tree the --loader cases share
# (tests/cases/loader_phases.sh, html_loader.sh): built into $LP_DIR by
# ct_lp_build.  A needs B (constructor spins 30 ms) and C (20,000 symbol
# relocations); A's constructor dlopens D; E has a DT_INIT only; U needs
# an undefined symbol; T0..T7 for eight threads; lp_main dlopens them.
LP_DIR=$(realpath -m "$TMP/lp")

ct_lp_obj() {   # NAME MS OUT [CFLAGS...]
	local name=$1 ms=$2 out=$3
	shift 3
	${CC:-cc} -shared -fPIC -O1 -DLP_NAME="\"$name\"" -DLP_MS="$ms" "$@" -o "$LP_DIR/$out" \
		"$CT_ROOT/tests/fixtures/lp_obj.c"
}

ct_lp_build() {
	local d=$LP_DIR f=$CT_ROOT/tests/fixtures i
	mkdir -p "$d"
	"$PY" -c "
n = 20000
print('/* generated: 20,000 symbol relocations */')
for i in range(n): print('int lp_c_v%d = %d;' % (i, i))
print('int *lp_c_tab[] = {' + ','.join('&lp_c_v%d' % i for i in range(n)) + '};')
" >"$d/lp_c.c"
	${CC:-cc} -shared -fPIC -O0 -o "$d/liblp_c.so" "$d/lp_c.c" &&
		ct_lp_obj B 30 liblp_b.so && ct_lp_obj D 20 liblp_d.so &&
		ct_lp_obj E 10 liblp_e.so -DLP_DT_INIT -Wl,-init,lp_init -nostartfiles &&
		ct_lp_obj U 1 liblp_undef.so -DLP_UNDEF &&
		${CC:-cc} -shared -fPIC -O1 -DLP_D="\"$d/liblp_d.so\"" -o "$d/liblp_a.so" "$f/lp_a.c" \
			-L"$d" -Wl,--no-as-needed -llp_b -llp_c -Wl,-rpath,"$d" -ldl &&
		for i in 0 1 2 3 4 5 6 7; do ct_lp_obj "T$i" 5 "liblp_t$i.so" || return 1; done &&
		${CC:-cc} -O1 -o "$d/lp_main" "$f/lp_main.c" -ldl -lpthread ||
		ct_fail "cannot build the fixtures"
	readelf -d "$d/liblp_e.so" | grep -q INIT_ARRAY && ct_fail "liblp_e.so has an init array"
	return 0
}
