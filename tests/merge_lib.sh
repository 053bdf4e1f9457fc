# merge_lib.sh -- helpers for the merger's damaged-log cases
# (tests/cases/merge_*.sh), sourced after tests/lib.sh.

# merge_copy_run DIR: traces a one-process Python run and copies its log and
# snapshot into $TMP/DIR (to be damaged there).  Sets base (the log's
# <pid>.<start>) and total (its record count in the sound record).
merge_copy_run() {
	ct_run "$PY" -c 'import json'
	ct_eq "$CT_STATUS" 0 "exit status of the traced run"
	base=$(basename "$(ls "$RUN"/*.ctlog)" .ctlog)
	total=$(ct_jget "r['events']['records']")
	mkdir -p "$TMP/$1"
	cp "$RUN/$base".* "$TMP/$1/"
}

# merge_chunk1 LOG: the byte offset of chunk 1 in LOG, from its header's
# version (common/ct_log.h, ct_chunk_off: from version 4 right after the
# 4 KiB header page, before at 1 MiB).
merge_chunk1() {
	"$PY" -c 'import struct, sys
v = struct.unpack_from("<I", open(sys.argv[1], "rb").read(12), 8)[0]
print(4096 if v >= 4 else 1024 * 1024)' "$1"
}
