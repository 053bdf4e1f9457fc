# shim_fork_hot_page -- the shim's variables marked CT_FORK_HOT (those a
# fork's parent or child writes after the fork: each page either writes
# is a copy-on-write fault on every fork) lie on one page of the built
# shim, as the comment at CT_FORK_HOT says; a page-aligned table added
# after them, or a hot variable too many, would spread them.
so=$CT_ROOT/build/libcoldtrace.so
names=$(grep -ho '[A-Za-z_][A-Za-z0-9_]*\(\[[^]]*\]\)\? CT_FORK_HOT' "$CT_ROOT"/preload/*.c |
	sed 's/\[.*//; s/ CT_FORK_HOT//' | sort -u)
[ "$(echo "$names" | wc -w)" -ge 10 ] || ct_fail "too few CT_FORK_HOT variables found: $names"
nm -S "$so" >"$TMP/nm" || ct_fail "nm $so"
python3 - "$TMP/nm" $names <<'PY' || ct_fail "CT_FORK_HOT variables are not on one page (above)"
import sys
syms = {}
for line in open(sys.argv[1]):
    p = line.split()
    if len(p) == 4 and p[2] in "bBdD":
        syms[p[3]] = (int(p[0], 16), int(p[1], 16))
pages = {}
for name in sys.argv[2:]:
    if name not in syms:
        sys.exit("no such variable in the shim: %s" % name)
    addr, size = syms[name]
    pages[name] = (addr // 4096, (addr + size - 1) // 4096)
print(" ".join("%s@%x" % (n, syms[n][0]) for n in sorted(pages, key=lambda n: syms[n][0])))
if len({p for span in pages.values() for p in span}) != 1:
    sys.exit(1)
PY
