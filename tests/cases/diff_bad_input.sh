# diff_bad_input -- a missing directory, a corrupt or foreign record, a
# directory that is neither a run nor a series, bad gates and options:
# one "coldtrace: ..." line (two for usage errors), status 2, no stdout.
source "$CT_ROOT/tests/diff_lib.sh"
ct_run true
rec=$RUN/record.json

head -c 300 "$rec" >"$TMP/corrupt.json"
echo '{"hello": [1, 2, 3]}' >"$TMP/foreign.json"
mkdir -p "$TMP/empty" "$TMP/series/001"
ct_bad "missing directory" 1 "$COLDTRACE" diff "$TMP/nonexistent" "$RUN"
ct_bad "missing B" 1 "$COLDTRACE" diff "$RUN" "$TMP/nonexistent"
ct_bad "corrupt record" 1 "$COLDTRACE" diff "$RUN" "$TMP/corrupt.json"
ct_bad "non-record JSON" 1 "$COLDTRACE" diff "$TMP/foreign.json" "$RUN"
ct_bad "neither run nor series" 1 "$COLDTRACE" diff "$TMP/empty" "$RUN"
ct_bad "series without records" 1 "$COLDTRACE" diff "$TMP/series" "$RUN"
cp "$TMP/corrupt.json" "$TMP/series/001/record.json"
ct_bad "series with a corrupt record" 1 "$COLDTRACE" diff "$TMP/series" "$RUN"
ct_bad "unknown metric" 1 "$COLDTRACE" diff --fail-if 'bogus>1' "$RUN" "$RUN"
ct_bad "unknown import figure" 1 "$COLDTRACE" diff --fail-if 'import:json.total>1' "$RUN" "$RUN"
ct_bad "no such import" 1 "$COLDTRACE" diff --fail-if 'import:nosuchmodule.self>1' "$RUN" "$RUN"
ct_bad "unit that does not fit" 1 "$COLDTRACE" diff --fail-if 'wall>+2MiB' "$RUN" "$RUN"
ct_bad "malformed gate (usage)" 2 "$COLDTRACE" diff --fail-if 'wall>>1' "$RUN" "$RUN"
ct_bad "gate without value (usage)" 2 "$COLDTRACE" diff --fail-if 'wall>' "$RUN" "$RUN"
ct_bad "verdict gate on a number (usage)" 2 "$COLDTRACE" diff --fail-if 'wall!=same' "$RUN" "$RUN"
ct_bad "one side only (usage)" 2 "$COLDTRACE" diff "$RUN"
ct_bad "unknown option (usage)" 2 "$COLDTRACE" diff --frobnicate "$RUN" "$RUN"
ct_bad "--top 0 (usage)" 2 "$COLDTRACE" diff --top 0 "$RUN" "$RUN"
