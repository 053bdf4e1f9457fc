# ready_readers -- a --ready run as the readers show it: the report's
# overview gives the time to first output and to ready with its condition
# and says coldtrace stopped it, the time split says where ready fell, the
# page has a ready mark on its timeline, the Chrome export a global instant.
source "$CT_ROOT/tests/ready_lib.sh"
source "$CT_ROOT/tests/report_lib.sh"
port=$(ready_port)
ct_launch_as ready --quiet --ready port:$port -- /usr/bin/python3 "$READY_SERVER" $port
ready_served port:$port
"$COLDTRACE" report "$RUN" >"$TMP/report.txt" || ct_fail "report failed"
ct_has "$TMP/report.txt" "  output     first stdout after "
ct_has "$TMP/report.txt" "by port:$port: 127.0.0.1:$port accepted a TCP connection"
ct_has "$TMP/report.txt" "stopped by coldtrace at ready (SIGTERM)"
ct_has "$TMP/report.txt" "after this image started; the parts above end there but"
ct_width "$TMP/report.txt"
"$COLDTRACE" report --json "$RUN" >"$TMP/report.json" || ct_fail "report --json failed"
ct_jtrue "$TMP/report.json" j "report --json" \
	"j['overview']['ready']['ready_ms'] == $(ct_jget "r['timing']['time_to_ready_ms']")" \
	"j['overview']['ready']['first_stdout_ms'] == $(ct_jget "r['timing']['time_to_first_stdout_ms']")" \
	"j['overview']['ready']['stopped'] and j['time']['images'][0]['ready_ns'] > 300e6"
"$COLDTRACE" report --html "$RUN" >/dev/null 2>&1 || ct_fail "report --html failed"
grep -q '<div class="lane ready"><div class=lab>ready (port)</div>' "$RUN/report.html" ||
	ct_fail "no ready lane on the page"
"$COLDTRACE" export --chrome "$RUN" 2>/dev/null || ct_fail "export failed"
ct_jtrue "$RUN/trace.json" d "trace.json" \
	"[(e['ph'], e['s'], e['args']['condition']) for e in (d['traceEvents'] if isinstance(d, dict) else d) if e.get('cat') == 'ready'] == [('i', 'g', 'port')]"
