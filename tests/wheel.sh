#!/bin/bash
# wheel.sh -- `make wheel-check`: the wheel installed into a fresh virtual
# environment (build/wheel/check-venv, the system python3's), then the shim
# and Python cases (shim_*, py_*, or the globs given) against what pip put
# there: CT_BIN_DIR is a folder of links to the installed ct-launch and
# coldtrace (the exec stubs) and to the installed shim and audit library.
# Never: a case run against the build tree's objects in the wheel's name.
set -u
CT_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
WHL=${1:?usage: wheel.sh WHEEL [CASE_GLOB...]}
shift
VENV=$CT_ROOT/build/wheel/check-venv
BIN=$CT_ROOT/build/wheel/check-bin

rm -rf "$VENV" "$BIN"
/usr/bin/python3 -m venv "$VENV" || exit 1
"$VENV/bin/pip" install --quiet --disable-pip-version-check --no-index "$WHL" || exit 1
mkdir -p "$BIN"
ln -s "$VENV/bin/ct-launch" "$VENV/bin/coldtrace" "$BIN/"
ln -s "$VENV/lib/coldtrace/libcoldtrace.so" "$VENV/lib/coldtrace/libcoldtrace-audit.so" "$BIN/"
[ $# -gt 0 ] || set -- 'shim_*' 'py_*'
cd "$CT_ROOT" && CT_BIN_DIR=$BIN bash tests/run.sh "$@"
