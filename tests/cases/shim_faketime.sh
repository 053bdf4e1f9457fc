# shim_faketime -- libfaketime preloaded after the shim or before it (the
# program sets LD_PRELOAD), around ct-launch too, or in bare mode: the
# program sees 2020 as bare, coldtrace's clocks stay the kernel's: the
# record's times are now's, /bin/date and a python3 run are traced, and
# the run directory is named by today.
ft=/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1
[ -f "$ft" ] || ct_skip "libfaketime is not installed (apt-get install faketime)"
shim=$CT_BIN_DIR/libcoldtrace.so
export FAKETIME='@2020-01-01 00:00:00'
lo=$(($(date +%s) * 1000 - 2000))

ct_now_record() {
	local hi=$(($(date +%s) * 1000 + 2000)) prog=$1
	ct_json "$lo <= r['timing']['started_unix_ms'] <= $hi" \
		"all($lo <= p['start_unix_ms'] <= $hi for p in r['processes'])" \
		"all(p['complete'] for p in r['processes'])" \
		"any(p['argv'][0].endswith('$prog') for p in r['processes'])" \
		"all(e['traced'] for p in r['processes'] for e in p.get('execs') or [])" \
		"not any('untraced' in str(w) for w in r['warnings'] or [])"
}

for order in after before; do
	if [ $order = after ]; then
		pre=(env LD_PRELOAD=$ft)
	else
		pre=(env LD_PRELOAD=$ft:$shim)
	fi
	ct_compare "${pre[@]}" /bin/date +%Y
	ct_eq "$(cat "$TMP/bare.out")" 2020 "the date the program sees ($order)"
	ct_now_record date
	ct_compare "${pre[@]}" "$PY" -c 'import json, time; print(time.gmtime().tm_year)'
	ct_eq "$(cat "$TMP/bare.out")" 2020 "the year python3 sees ($order)"
	ct_now_record python3
	ct_json "any(i['module'] == 'json' for p in r['processes'] for i in p['imports'])"
done

# ct-launch itself under libfaketime: its run directory and times are today's.
day=$(date -u +%Y%m%d)
LD_PRELOAD=$ft ct_run /bin/date +%Y
ct_eq "$CT_STATUS" 0 "ct-launch under libfaketime"
ct_eq "$(cat "$RUN/stdout.log")" 2020 "the date the program sees (ct-launch faked too)"
case $(basename "$RUN") in
"$day"T* | "$(date -u +%Y%m%d)"T*) ;;
*) ct_fail "run directory '$RUN' is not named by today ($day)";;
esac
ct_now_record date

# Bare mode, both orders: the run directory is named by today's date.
for pre in "$ft:$shim" "$shim:$ft"; do
	rm -rf "$TMP/bare_runs"
	day=$(date -u +%Y%m%d)
	LD_PRELOAD=$pre COLDTRACE_DIR=$TMP/bare_runs /bin/date +%Y >"$TMP/bare_mode.out" ||
		ct_fail "bare mode run failed ($pre)"
	ct_eq "$(cat "$TMP/bare_mode.out")" 2020 "the date under bare mode"
	name=$(ls "$TMP/bare_runs")
	case $name in
	"$day"T* | "$(date -u +%Y%m%d)"T*) ;;
	*) ct_fail "bare run directory '$name' is not named by today ($day)";;
	esac
	RUN=$TMP/bare_runs/$name
	ct_now_record date
done
