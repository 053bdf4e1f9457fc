# floors.sh -- sourced by the benches that measure coldtrace above the
# floors of its two mechanisms: ct_floors PY DIR NAME builds, into DIR, the
# C no-op audit hook module for interpreter PY (ct_floor<EXT_SUFFIX>, from
# bench/audit_floor.c) and an empty preloadable object (libempty.so, from
# bench/empty_preload.c); on failure it says so as NAME and exits 2.
ct_floors() {
	local py=$1 dir=$2 name=$3 src suffix inc
	src=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
	suffix=$("$py" -c 'import sysconfig; print(sysconfig.get_config_var("EXT_SUFFIX"))')
	inc=$("$py" -c 'import sysconfig; print(sysconfig.get_paths()["include"])')
	cc -O2 -shared -fPIC -I"$inc" -o "$dir/ct_floor$suffix" "$src/audit_floor.c" ||
		{ echo "$name: cannot build the floor (python3-dev?)" >&2; exit 2; }
	cc -O2 -shared -fPIC -o "$dir/libempty.so" "$src/empty_preload.c" ||
		{ echo "$name: cannot build the empty preload" >&2; exit 2; }
}

# ct_floors_work PY NAME: a scratch directory $work (removed at exit), the
# floors built into it.
ct_floors_work() {
	work=$(mktemp -d "${TMPDIR:-/tmp}/ct-$2.XXXXXX") || exit 2
	trap 'rm -rf "$work"' EXIT
	ct_floors "$1" "$work" "$2"
}
