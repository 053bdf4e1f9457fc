# shim_links -- readlink, readlinkat and realpath are file calls: each seen
# once per call (the _FORTIFY_SOURCE names too), failures counted, results
# and errno as without coldtrace.
for variant in plain fortify; do
	if [ $variant = plain ]; then
		bin=$(ct_fixture links) || ct_fail "cannot build links.c"
	else
		bin=$(ct_fixture links fortify -O2 -D_FORTIFY_SOURCE=2) || ct_fail "cannot build links.c"
		nm -D "$bin" | grep -q __realpath_chk || ct_fail "fortified build does not call __realpath_chk"
	fi
	ct_compare "$bin" "$TMP"
	ct_json "r['processes'][0]['calls']['readlink'] == {'count': 2, 'errors': 1, 'time_ns': r['processes'][0]['calls']['readlink']['time_ns']}" \
		"r['processes'][0]['calls']['readlinkat']['count'] == 2 and r['processes'][0]['calls']['readlinkat']['errors'] == 1" \
		"r['processes'][0]['calls']['realpath']['count'] == 2 and r['processes'][0]['calls']['realpath']['errors'] == 1"
done
