# shim_bigres -- a program that reserves 8 TiB of address space (PROT_NONE,
# nothing resident) exits as fast traced as bare: the exit snapshot does
# not read pagemap across the reservation; the record still has the
# process's memory, the reservation counted in its size.
bin=$(ct_fixture bigres) || ct_fail "cannot build bigres.c"
ct_bare "$bin" 8192
[ "$BARE_STATUS" = 3 ] || ct_skip "cannot reserve 8 TiB here: $(cat "$TMP/bare.err")"
t0=$(date +%s%N)
ct_compare "$bin" 8192
ms=$((($(date +%s%N) - t0) / 1000000))
echo "traced run: $ms ms"
[ "$ms" -lt 3000 ] || ct_fail "the traced run took $ms ms (bare: a few ms)"
ct_json "r['processes'][0]['proc']['status']['VmSize_kb'] >= 8 << 30" \
	"any(m['path'] == '$bin' and 0 < m['rss_kb'] <= m['size_kb'] for m in r['processes'][0]['proc']['maps'])"
