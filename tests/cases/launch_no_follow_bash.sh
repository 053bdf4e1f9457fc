# launch_no_follow_bash -- --no-follow under bash, which exports its own
# setenv/unsetenv (before its main they change nothing): the shim takes
# itself out of environ directly, so bash's children run untraced and
# leave no logs, with the output of a bare run, and the record says that
# following was off.
cmd='for i in 1 2 3; do /bin/true; done; env | grep -c "^LD_PRELOAD="'
CT_OPTS=(--no-follow)
ct_compare bash -c "$cmd"
ct_json "len(r['processes']) == 1" "r['processes'][0]['exe'].endswith('/bash')" \
	"len(r['artifacts']['events']) == 1" "r['launcher']['follow'] is False" \
	"len(r['processes'][0]['children']) == 5"
CT_OPTS=()
ct_run bash -c "$cmd"
ct_json "r['launcher']['follow'] is True" \
	"sum(p['exe'] == '/usr/bin/true' for p in r['processes']) == 3"
