# launch_pipe_reader -- as in `CMD | cat`: when the reader of ct-launch's
# stdout (or stderr) goes away, the command's next write there fails with
# SIGPIPE as it does bare; the launcher neither drains forever nor fills
# stdout.log, and exits with the command's status (141).
pipe_case() {   # WHAT STREAM CMD...: bare and traced under `| head -1`, 10 s each
	local what=$1 stream=$2 bare ct t0
	shift 2
	if [ "$stream" = out ]; then
		timeout 10 "$@" | head -1 >"$TMP/bare.out"
		bare=${PIPESTATUS[0]}
		t0=$SECONDS
		timeout 10 "$CT" --runs-dir "$TMP/runs" --name "$what" -- "$@" 2>/dev/null |
			head -1 >"$TMP/ct.out"
		ct=${PIPESTATUS[0]}
	else
		{ timeout 10 "$@" 2>&1 >/dev/null | head -1 >"$TMP/bare.out"; } 2>&1
		bare=${PIPESTATUS[0]}
		t0=$SECONDS
		timeout 10 "$CT" --runs-dir "$TMP/runs" --name "$what" -- "$@" 2>&1 >/dev/null |
			head -1 >"$TMP/ct.out"
		ct=${PIPESTATUS[0]}
	fi
	ct_eq "$bare" 141 "$what: bare status"
	ct_eq "$ct" "$bare" "$what: status under coldtrace vs bare"
	[ $((SECONDS - t0)) -lt 8 ] || ct_fail "$what: ct-launch took $((SECONDS - t0)) s"
	cmp "$TMP/bare.out" "$TMP/ct.out" || ct_fail "$what: the reader's line differs"
	RUN=$(ls -d "$TMP"/runs/*-"$what")
	log=$RUN/std$stream.log
	[ "$(stat -c %s "$log")" -lt 4000000 ] || ct_fail "$what: $log has $(stat -c %s "$log") bytes"
	head -1 "$log" | cmp - "$TMP/bare.out" || ct_fail "$what: $log does not start with the output"
	ct_json "r['exit'] == {'code': None, 'signal': 13}" \
		"any('reader of ct-launch\'s std$stream went away' in w for w in r['launcher']['warnings'])"
}
pipe_case yes out yes
pipe_case seq out seq 1 100000000
pipe_case yes-err err sh -c 'exec yes >&2'
