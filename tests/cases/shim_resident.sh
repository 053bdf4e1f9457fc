# shim_resident -- the exit snapshot's resident size of a mapping (from
# pagemap: PAGEMAP_SCAN where the kernel has it, else pagemap's entries)
# equals what smaps says of it: a file mapping with 64 of its 256 pages
# written.  Its size is the mapping's range (1 MiB).
bin=$(ct_fixture resident) || ct_fail "cannot build resident.c"
ct_compare "$bin" "$TMP/data"
grep -q '^rss 256 kB$' "$TMP/ct.out" || ct_fail "smaps: $(cat "$TMP/ct.out") (256 kB expected)"
ct_json "[m['rss_kb'] for m in r['processes'][0]['proc']['maps'] if m['path'] == '$TMP/data'] == [256]" \
	"[m['size_kb'] for m in r['processes'][0]['proc']['maps'] if m['path'] == '$TMP/data'] == [1024]"
