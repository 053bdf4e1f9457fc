# elfmemo.sh -- builds tests/unit/elfmemo.c with launcher/elf/elfmemo.c
# under the sanitizers of tests/unit/run.sh: one path holds in turn two
# objects of different sonames, put there by rename (a new inode) and by
# a copy over it (the same inode, another size), each change between two
# passes (merges), and the memo must answer for the object there each
# time, reading each file once
# (under strace, so without LeakSanitizer).
set -eu
out=$CT_ROOT/tests/out/check
mkdir -p "$out"
for n in a bb; do
	# bb is the larger: a copy over a (same inode) differs in size too,
	# whatever the file system's timestamp granularity
	echo "int ct_fix_$n(void) { return 1; } char ct_pad_$n[${#n}000] = { 1 };" >"$out/memo_$n.c"
	${CC:-cc} -shared -fPIC -Wl,-soname,libmemo_$n.so.1 -o "$out/memo_$n.so" "$out/memo_$n.c"
done
# shellcheck disable=SC2086
${CC:-cc} $CT_UNIT_FLAGS $CT_SAN_FLAGS -Ilauncher/elf -Ilauncher -Icommon -o "$out/elfmemo" \
	tests/unit/elfmemo.c launcher/elf/elfmemo.c launcher/elf/elf.c launcher/elf/elfhdr.c \
	launcher/lib/map.c \
	launcher/lib/readfile.c common/sanrt.c
p=$out/memo_at.so
cp "$out/memo_a.so" "$p"
{
	echo go
	sleep 0.1; cp "$out/memo_bb.so" "$p.new"; mv "$p.new" "$p"; echo go
	sleep 0.1; cat "$out/memo_a.so" >"$p"; echo go
} | ASAN_OPTIONS=$ASAN_OPTIONS:detect_leaks=0 strace -o "$out/elfmemo.st" -e trace=readlink "$out/elfmemo" "$p" libmemo_a.so.1 \
	libmemo_bb.so.1 libmemo_a.so.1 | tee "$out/elfmemo.out"
[ "$(cat "$out/elfmemo.out")" = ok ]
# six lookups of three files: each read once (its realpath is a readlink of /proc/self/fd)
reads=$(grep -c '^readlink("/proc/self/fd/' "$out/elfmemo.st")
[ "$reads" -eq 3 ] || { echo "elfmemo: $reads readings for 3 files"; exit 1; }
