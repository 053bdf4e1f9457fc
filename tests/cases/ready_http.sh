# ready_http -- --ready http://127.0.0.1:N/: ready when a GET answers 200.
source "$CT_ROOT/tests/ready_lib.sh"
port=$(ready_port)
ct_launch_as ready --quiet --ready http://127.0.0.1:$port/ -- /usr/bin/python3 "$READY_SERVER" $port
ready_served http://127.0.0.1:$port/
ct_json "r['ready']['condition'] == 'http' and ' 200 ' in r['ready']['detail']" \
	"r['ready']['listener']['is_root']"
