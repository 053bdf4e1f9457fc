# hostmem.sh -- builds tests/unit/hostmem.c with preload/hostmem.c under the
# sanitizers of tests/unit/run.sh, and runs it.
set -eu
out=$CT_ROOT/tests/out/check
mkdir -p "$out"
# shellcheck disable=SC2086
${CC:-cc} -std=gnu11 -D_GNU_SOURCE -Icommon -Ipreload $CT_SAN_FLAGS \
	-o "$out/hostmem" tests/unit/hostmem.c preload/hostmem.c
"$out/hostmem"
