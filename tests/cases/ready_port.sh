# ready_port -- --ready port:N: ready once the fixture server listens
# (after its 300 ms sleep), stopped there, exit 0; the listener named is
# the server itself.
source "$CT_ROOT/tests/ready_lib.sh"
port=$(ready_port)
ct_launch_as ready --quiet --ready port:$port -- /usr/bin/python3 "$READY_SERVER" $port
ready_served port:$port
ct_json "r['ready']['condition'] == 'port' and r['ready']['listener']['is_root']" \
	"r['ready']['listener']['pid'] == r['process']['pid'] and r['ready']['listener']['holders'] == 1" \
	"r['ready']['listener']['argv'][1].endswith('ready_server.py')"
