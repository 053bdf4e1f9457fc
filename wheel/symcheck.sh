#!/bin/bash
# symcheck.sh -- refuses ELF objects that could fail to load, or die at
# their first call, on the oldest glibc the wheel's tag promises (2.17):
#   symcheck.sh FILE...   (pack.sh runs it on the wheel's tree; exit 1: refused)
#
# Each undefined dynamic symbol of each ELF object among FILE must be weak
# (the shim's _dl_find_object, preload/findobj.c: the caller checks for
# it), versioned GLIBC_2.0 to GLIBC_2.17, or defined by another of FILE
# that it names in DT_NEEDED (the CLI's libcjson.so.1, by file name).  auditwheel show judges only the versions a symbol
# has: an unversioned reference to a function a later glibc added links
# against glibc 2.17's stubs, and then binds wherever that glibc is new
# enough and fails where it is not.  Never: a refused object passed.
set -u
elves=()
for f in "$@"; do
	[ "$(head -c 4 "$f" | od -An -c | tr -d ' ')" = '177ELF' ] && elves+=("$f")
done
[ ${#elves[@]} -gt 0 ] || { echo "symcheck.sh: no ELF object among $*" >&2; exit 1; }
# The symbols defined by those of the objects that $1 names in DT_NEEDED.
ct_needed_defs() {
	local soname g
	for soname in $(readelf -dW "$1" | sed -n 's/.*(NEEDED).*\[\(.*\)\]$/\1/p'); do
		for g in "${elves[@]}"; do
			[ "$(basename "$g")" = "$soname" ] && nm -D --defined-only "$g" | awk '{ print $NF }'
		done
	done | sort -u
}

bad=0
for f in "${elves[@]}"; do
	ours=$(ct_needed_defs "$f")
	while read -r kind sym; do
		[ "$kind" = U ] || continue   # w, v: weak
		[[ $sym =~ @GLIBC_2\.([0-9]|1[0-7])(\.[0-9]+)?$ ]] && continue
		[[ $sym != *@* ]] && grep -qxF "$sym" <<<"$ours" && continue
		echo "symcheck.sh: $f: undefined $sym is not glibc 2.17's, weak, or a needed object's of the wheel" >&2
		bad=1
	done < <(nm -D --undefined-only --with-symbol-versions "$f")
done
exit $bad
