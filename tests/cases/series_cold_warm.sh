# series_cold_warm -- --cache cold evicts what the previous run read, so
# every cold run reads its 64 MiB from storage (io.read_bytes), a warm run
# reads ~nothing, and --cache both gives both groups and a positive
# penalty in storage bytes.  Coldness is asserted from the runs' own
# reads, never from their speed.
source "$CT_ROOT/tests/series_lib.sh"
bin=$(ct_fixture readfile) || ct_fail "cannot build the readfile fixture"
ct_big_file "$TMP/data.bin" 64
ct_compare "$bin" "$TMP/data.bin"
ct_json "r['io']['rchar'] >= 64 << 20"

ct_series -n 3 --cache cold -- "$bin" "$TMP/data.bin"
ct_eq "$CT_STATUS" 0 "status of the cold series"
ct_sjson "len(runs) == 3" "all(r['group'] == 'cold' for r in runs)" \
	"all(r['read_bytes'] >= 60 << 20 for r in runs)" \
	"all(r['eviction']['files'] >= 2 and r['eviction']['failed'] == 0 for r in runs)" \
	"all(r['eviction']['residency_method'] in ('cachestat', 'mincore', 'cachestat+mincore', 'none') for r in runs)" \
	"s['cache'] == 'cold' and s['warmup'] == 1 and s['warmup_kept'] is False"
for d in 001 002 003; do
	[ -f "$SERIES/$d/record.json" ] && [ -f "$SERIES/$d/stdout.log" ] ||
		ct_fail "run $d of the series is incomplete"
	cmp -s "$SERIES/$d/stdout.log" "$TMP/bare.out" || ct_fail "run $d's output differs from bare"
done
[ ! -e "$SERIES/warmup" ] || ct_fail "the warm-up run was kept"

ct_series -n 3 --cache warm -- "$bin" "$TMP/data.bin"
ct_sjson "len(runs) == 3" "all(r['group'] == 'warm' and r['eviction'] is None for r in runs)" \
	"all(r['read_bytes'] < 4 << 20 for r in runs)"

ct_series -n 2 --cache both -- "$bin" "$TMP/data.bin"
ct_sjson "[r['group'] for r in runs] == ['cold', 'warm', 'cold', 'warm']" \
	"s['metrics']['read_bytes']['cold']['n'] == 2 and s['metrics']['read_bytes']['warm']['n'] == 2" \
	"s['cold_penalty']['read_bytes']['median_diff'] >= 56 << 20" \
	"s['cold_penalty']['read_bytes']['ci_low'] > 0"
