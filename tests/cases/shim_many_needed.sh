# shim_many_needed -- programs with many DT_NEEDED libraries, bare and
# traced.  A plain one with 70 (more objects than a run of GNU hash tables
# holds, 64) and one built with a SysV hash table only: the shim's look
# for Python in the loaded objects tells nothing and leaves it to dlsym,
# and the program runs as bare.  An ASan-built one with 60 more (its
# DT_STRTAB lies past the first 48 dynamic entries, the chunk the shim
# reads at once; libasan.so is the first DT_NEEDED), exec'd by a traced
# plain program and as a script's interpreter: it runs as bare (the shim
# found the runtime and put it in front, or ASan refuses to run) and is
# traced.
libs=()
for i in $(seq 70); do
	echo "int ct_many_$i(void) { return $i; }" >"$TMP/m$i.c"
	cc -shared -fPIC -o "$TMP/libm$i.so" "$TMP/m$i.c" || ct_fail "cannot build libm$i.so"
	libs+=("-lm$i")
done
cc -shared -fPIC -Wl,--hash-style=sysv -o "$TMP/libsysv.so" "$TMP/m1.c" || ct_fail "cannot build libsysv.so"
printf '#include <stdio.h>\nint main(void) { puts("many: ran"); return 4; }\n' >"$TMP/plain.c"
link() { local out=$1; shift; cc -O1 -g -o "$out" "$@" -L"$TMP" -Wl,--no-as-needed \
	-Wl,-rpath,"$TMP" || ct_fail "cannot link $out"; }
link "$TMP/plain" "$TMP/plain.c" "${libs[@]}"
link "$TMP/sysv" "$TMP/plain.c" -lsysv
for prog in plain sysv; do
	ct_compare "$TMP/$prog"
	ct_eq "$BARE_STATUS" 4 "$prog: bare exit status"
	ct_json "any(p['exe'] == os.path.realpath('$TMP/$prog') and p['exit']['status'] == 4
	         for p in r['processes'])"
done

san=$(ct_fixture sanexec asan -fsanitize=address) ||
	ct_skip "gcc cannot build with -fsanitize=address here (libasan missing?)"
parent=$(ct_fixture sanexec) || ct_fail "cannot build tests/fixtures/sanexec.c"
link "$TMP/many" -fsanitize=address "$CT_ROOT/tests/fixtures/sanexec.c" "${libs[@]:0:60}"
python3 - "$TMP/many" <<'PY' || ct_fail "the ASan program's dynamic section is not as this test needs"
import subprocess, sys
out = subprocess.run(["readelf", "-dW", sys.argv[1]], capture_output=True, text=True).stdout
tags = [l.split()[1] for l in out.splitlines() if l.strip().startswith("0x")]
needed = [l for l in out.splitlines() if "(NEEDED)" in l]
assert "libasan" in needed[0], needed[0]
assert tags.index("(STRTAB)") >= 48, tags.index("(STRTAB)")
PY
printf '#!%s\n' "$TMP/many" >"$TMP/script"
printf 'not a program\n' >"$TMP/text"
chmod 755 "$TMP/script" "$TMP/text"
mkdir -p "$TMP/dir/many"
export PATH="$TMP/dir:${san%/*}:$PATH"
ct_compare "$parent" "$TMP/many" sanexec.asan "$TMP/script" "$TMP/text" "$TMP/text"
for how in execve vfork posix_spawn fexecve script; do
	grep -q "^$how: exit 3$" "$TMP/bare.out" || ct_fail "bare: $how did not run the program"
done
ct_json "sum(p['exe'] == os.path.realpath('$TMP/many') for p in r['processes']) == 6"
