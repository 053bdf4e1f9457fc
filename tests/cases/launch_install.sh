# launch_install -- `make install` layout: bin/ct-launch finds
# lib/coldtrace/libcoldtrace.so and traces.
make -s -C "$CT_ROOT" install PREFIX=/opt/ct DESTDIR="$TMP/inst" >"$TMP/make.log" 2>&1 \
	|| { cat "$TMP/make.log"; ct_fail "make install failed"; }
root=$TMP/inst/opt/ct
[ -x "$root/bin/ct-launch" ] && [ -f "$root/lib/coldtrace/libcoldtrace.so" ] \
	|| ct_fail "installed layout incomplete: $(find "$root")"
"$root/bin/ct-launch" --runs-dir "$TMP/runs" --quiet -- /usr/bin/python3 -c 'print(1)' 2>"$TMP/err"
ct_eq $? 0 "status of the installed ct-launch"
RUN=$(ct_run_dir_from "$TMP/err")
ct_json "len(r['artifacts']['events']) >= 1"
"$root/bin/ct-launch" --runs-dir "$TMP/runs" --quiet -- sh -c 'echo "$LD_PRELOAD"' 2>"$TMP/err"
RUN=$(ct_run_dir_from "$TMP/err")
ct_eq "$(cat "$RUN/stdout.log")" "$(readlink -f "$root/lib/coldtrace/libcoldtrace.so")" "LD_PRELOAD of the installed launcher"
