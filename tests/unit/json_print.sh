# json_print.sh -- builds tests/unit/json_print.c with launcher/lib's
# printer under the sanitizers of tests/unit/run.sh and compares it with
# cJSON_Print on a built tree and on real JSON: the records and series of
# a traced Python import and a 3-run series, and the fuzz corpus's records.
set -eu
out=$CT_ROOT/tests/out/check
mkdir -p "$out"
# shellcheck disable=SC2086
${CC:-cc} $CT_UNIT_FLAGS $CT_SAN_FLAGS -Ilauncher -o "$out/json_print" tests/unit/json_print.c \
	launcher/lib/json_print.c launcher/lib/utf8.c launcher/lib/readfile.c -lcjson -lm
rm -rf "$out/json_runs"
"$CT_ROOT/build/ct-launch" --quiet --runs-dir "$out/json_runs" -- python3 -c 'import json, ctypes'
"$CT_ROOT/build/ct-launch" --quiet --runs-dir "$out/json_runs" -n 3 -- sh -c 'echo "a\tb"'
find "$out/json_runs" "$CT_ROOT/tests/fuzz/corpus/fuzz_record" -type f \
	\( -name '*.json' -o -path '*fuzz_record*' \) -print0 | xargs -0 "$out/json_print" |
	tee "$out/json_print.txt"
grep -q "json_print: [1-9][0-9]* files" "$out/json_print.txt" || { echo "json_print: no JSON files"; exit 1; }
