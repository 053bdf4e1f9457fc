# diff_bad_input -- a missing directory, a corrupt or foreign record, a
# directory that is neither a run nor a series, bad gates and options:
# one "coldtrace: ..." line (two for usage errors), status 2, no stdout.
source "$CT_ROOT/tests/diff_lib.sh"
ct_run true
rec=$RUN/record.json

ct_bad() {
	local what=$1 lines=1
	shift
	case $what in *usage*) lines=2 ;; esac
	"$COLDTRACE" diff "$@" >"$TMP/bad.out" 2>"$TMP/bad.err"
	ct_eq "$?" 2 "status for $what"
	[ ! -s "$TMP/bad.out" ] || ct_fail "$what: output on stdout"
	ct_lines "$TMP/bad.err" $lines "stderr for $what"
	[ "$(grep -c '^coldtrace: ' "$TMP/bad.err")" = $lines ] ||
		ct_fail "$what: message without prefix: $(cat "$TMP/bad.err")"
	echo "$what -> $(head -n 1 "$TMP/bad.err")"
}

head -c 300 "$rec" >"$TMP/corrupt.json"
echo '{"hello": [1, 2, 3]}' >"$TMP/foreign.json"
mkdir -p "$TMP/empty" "$TMP/series/001"
ct_bad "missing directory" "$TMP/nonexistent" "$RUN"
ct_bad "missing B" "$RUN" "$TMP/nonexistent"
ct_bad "corrupt record" "$RUN" "$TMP/corrupt.json"
ct_bad "non-record JSON" "$TMP/foreign.json" "$RUN"
ct_bad "neither run nor series" "$TMP/empty" "$RUN"
ct_bad "series without records" "$TMP/series" "$RUN"
cp "$TMP/corrupt.json" "$TMP/series/001/record.json"
ct_bad "series with a corrupt record" "$TMP/series" "$RUN"
ct_bad "unknown metric" --fail-if 'bogus>1' "$RUN" "$RUN"
ct_bad "unknown import figure" --fail-if 'import:json.total>1' "$RUN" "$RUN"
ct_bad "no such import" --fail-if 'import:nosuchmodule.self>1' "$RUN" "$RUN"
ct_bad "unit that does not fit" --fail-if 'wall>+2MiB' "$RUN" "$RUN"
ct_bad "malformed gate (usage)" --fail-if 'wall>>1' "$RUN" "$RUN"
ct_bad "gate without value (usage)" --fail-if 'wall>' "$RUN" "$RUN"
ct_bad "verdict gate on a number (usage)" --fail-if 'wall!=same' "$RUN" "$RUN"
ct_bad "one side only (usage)" "$RUN"
ct_bad "unknown option (usage)" --frobnicate "$RUN" "$RUN"
ct_bad "--top 0 (usage)" --top 0 "$RUN" "$RUN"
