# log_roundtrip.sh -- builds tests/unit/log_roundtrip.c with the preload
# core's log (preload/log.c, preload/pack.c, preload/sys.c,
# common/kclock.c, common/safedir.c) and the merger's reader
# (launcher/lib/ctlog_read.c, ctpack_read.c, holes.c, map.c, vec.c, readfile.c), under the sanitizers of tests/unit/run.sh, and
# runs it.
set -eu
out=$CT_ROOT/tests/out/check
mkdir -p "$out"
# shellcheck disable=SC2086
${CC:-cc} $CT_UNIT_FLAGS $CT_SAN_FLAGS -pthread \
	-o "$out/log_roundtrip" tests/unit/log_roundtrip.c preload/log.c preload/pack.c preload/sys.c \
	common/kclock.c common/safedir.c launcher/lib/ctlog_read.c launcher/lib/ctpack_read.c launcher/lib/holes.c \
	launcher/lib/map.c launcher/lib/vec.c launcher/lib/readfile.c
"$out/log_roundtrip" "$out"
