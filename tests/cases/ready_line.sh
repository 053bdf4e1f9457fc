# ready_line -- --ready line:REGEX: ready at the line "Serving on N", and
# the bytes of the output are the same as bare (the host never notices).
source "$CT_ROOT/tests/ready_lib.sh"
port=$(ready_port)
ct_launch_as ready --ready 'line:^Serving on [0-9]+$' -- /usr/bin/python3 "$READY_SERVER" $port
ready_served 'line:^Serving on [0-9]+$'
ct_json "r['ready']['condition'] == 'line' and r['ready']['detail'] == 'stdout: Serving on $port'" \
	"r['ready']['listener'] is None"
ct_eq "$(cat "$TMP/ct.out")" "Serving on $port" "live stdout"
cmp "$TMP/ct.out" "$RUN/stdout.log" || ct_fail "stdout.log differs from the live output"
