# symtab.sh -- builds tests/unit/symtab.c with launcher/elf/symtab.c under
# the sanitizers of tests/unit/run.sh and names every function of
# tests/unit/symtab_fix.c's object by its address, by scan and by sorted
# search; the answers must be readelf's (the first name at an address).
# Then a copy cut short under the launcher's mapping: unnamed, no crash,
# reported as faulted.
set -eu
out=$CT_ROOT/tests/out/check
mkdir -p "$out"
${CC:-cc} -O2 -fPIC -shared -o "$out/symfix.so" tests/unit/symtab_fix.c
# shellcheck disable=SC2086
${CC:-cc} $CT_UNIT_FLAGS $CT_SAN_FLAGS -Ilauncher/elf -Ilauncher -o "$out/symtab" \
	tests/unit/symtab.c launcher/elf/symtab.c launcher/elf/elfhdr.c launcher/lib/map.c \
	launcher/lib/readfile.c
readelf -sW "$out/symfix.so" | awk '$4 == "FUNC" && $2 !~ /^0+$/ && $7 != "UND" {
	sub(/^0+/, "", $2); print $2, $8 }' | LC_ALL=C sort -k1,1 -k2,2 | awk '!seen[$1]++' \
	>"$out/symtab.want"
[ "$(wc -l <"$out/symtab.want")" -gt 20 ] || { echo "symtab: too few functions"; exit 1; }
# the alias pair first, so that a scan (the first lookups) meets it too
{ grep " ct_fix_aa_alias$" "$out/symtab.want" && grep -v " ct_fix_aa_alias$" "$out/symtab.want"; } \
	>"$out/symtab.in" || { echo "symtab: no alias pair"; exit 1; }
cat "$out/symtab.in" "$out/symtab.in" "$out/symtab.in" >"$out/symtab.want2"
"$out/symtab" "$out/symfix.so" <"$out/symtab.in" >"$out/symtab.got"
diff "$out/symtab.want2" "$out/symtab.got"
cp "$out/symfix.so" "$out/symcut.so"
"$out/symtab" "$out/symfix.so" "$out/symcut.so" <"$out/symtab.in" >"$out/symtab.cut"
head -1 "$out/symtab.in" | cmp - <(head -1 "$out/symtab.cut")
[ "$(grep -c '(unnamed: ' "$out/symtab.cut")" -eq "$(($(wc -l <"$out/symtab.in") - 1))" ] ||
	{ echo "symtab: a cut object still named"; cat "$out/symtab.cut"; exit 1; }
[ "$(tail -1 "$out/symtab.cut")" = "faulted: $out/symcut.so" ] ||
	{ echo "symtab: the cut object not reported"; tail -1 "$out/symtab.cut"; exit 1; }
