#!/bin/bash
# pack.sh -- lays out the wheel from the objects zig built and packs it:
#   pack.sh BUILD_DIR VERSION PLATFORM POLICY LIBCJSON OUT.whl   (make wheel runs it)
#
# The layout is `make install`'s: the scripts (pip's <prefix>/bin) are two
# copies of ct-exec; the CLI, the shim, the audit library and the CLI's
# one library beyond glibc, cJSON (the build machine's, with its
# copyright), go to <prefix>/lib/coldtrace/ through the wheel's data, and
# the CLI finds cJSON there by its RUNPATH $ORIGIN.  The wheel is tagged
# PLATFORM (manylinux2014_x86_64), and kept only when `auditwheel show`
# finds it consistent with POLICY, that tag's PEP 600 name
# (manylinux_2_17_x86_64), and when wheel/symcheck.sh finds no undefined
# symbol in its ELF objects that an older glibc than 2.35 could lack
# (auditwheel does not look at unversioned ones).  Never: a wheel left in
# place that auditwheel or symcheck.sh refused.
set -eu
b=$1 ver=$2 plat=$3 policy=$4 cjson=$5 out=$6
tree=$b/tree
data=$tree/coldtrace-$ver.data
meta=$tree/coldtrace-$ver.dist-info

rm -rf "$tree" && mkdir -p "$data/scripts" "$data/data/lib/coldtrace" "$meta"
install -m 0755 "$b/ct-exec" "$data/scripts/coldtrace"
install -m 0755 "$b/ct-exec" "$data/scripts/ct-launch"
install -m 0755 "$b/coldtrace" "$b/libcoldtrace.so" "$b/libcoldtrace-audit.so" \
	"$data/data/lib/coldtrace/"
install -m 0644 "$cjson" "$data/data/lib/coldtrace/libcjson.so.1"
install -m 0644 /usr/share/doc/libcjson1/copyright "$data/data/lib/coldtrace/libcjson1.copyright"

cat >"$meta/METADATA" <<META
Metadata-Version: 2.1
Name: coldtrace
Version: $ver
Summary: What a Linux process does at start-up: shared objects, files, Python imports, threads, children
Description-Content-Type: text/markdown

coldtrace records what a process tree does at start-up (dlopen, opens,
stats, threads, children, Python imports, exit) into one run directory:
\`ct-launch -- python -c 'import torch'\`.  See docs/wheel.md.
META
cat >"$meta/WHEEL" <<META
Wheel-Version: 1.0
Generator: coldtrace wheel/pack.sh
Root-Is-Purelib: false
Tag: py3-none-$plat
META

mkdir -p "$(dirname "$out")"
rm -f "$out"
if ! bash "$(dirname "$0")/symcheck.sh" "$data/scripts/"* "$data/data/lib/coldtrace/"*; then
	echo "pack.sh: an object of the wheel needs what glibc 2.17 lacks: no $out" >&2
	exit 1
fi
wheel pack --dest-dir "$(dirname "$out")" "$tree" >/dev/null
[ -f "$out" ] || { echo "pack.sh: wheel pack made no $out" >&2; exit 1; }
if ! auditwheel show "$out" >"$b/auditwheel.txt" 2>&1 ||
   ! tr -s ' \n' '  ' <"$b/auditwheel.txt" | grep -q "consistent with the following platform tag: \"$policy\""; then
	cat "$b/auditwheel.txt" >&2
	rm -f "$out"
	echo "pack.sh: auditwheel does not find $out consistent with $policy" >&2
	exit 1
fi
echo "  WHEEL $out ($policy)"
