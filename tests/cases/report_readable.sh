# report_readable -- the report on what real stacks look like (issue 10,
# item 8): a name is shortened by dropping its Python ABI tag, then in the
# middle, never at its front ("_coldtrace_readable_ext.so by _ctypes.so",
# not "...gnu.so by _ctypes.cpython-311-x86_64-linux-gnu.so"); directories
# opened are not "most-opened files"; the command is quoted like
# shlex.join; processes and programs are counted with the untraced ones.
source "$CT_ROOT/tests/report_lib.sh"
so=$(ct_fixture readable_ext so -shared -fPIC) || ct_fail "cannot build the readable_ext object"
static=$(ct_fixture hello static -static) || static=   # no static glibc: that part is left out
mkdir -p "$TMP/lib" "$TMP/dir"
lib=$TMP/lib/_coldtrace_readable_ext.cpython-311-x86_64-linux-gnu.so
cp "$so" "$lib" && echo data >"$TMP/dir/data.txt" || ct_fail "cannot set up $TMP"

ct_compare "$PY" "$CT_ROOT/tests/fixtures/readable.py" "$lib" "$TMP/dir" "$static" \
	"two words" "it's \"quoted\"" "" '$HOME' 'a;b'
ct_eq "$CT_STATUS" 0 "status of readable.py"
ct_report
ct_width "$TMP/rep.out"

# the name: the requested object and its caller both whole, ABI tags dropped
ct_has "$TMP/rep.out" "_coldtrace_readable_ext.so by _ctypes.so"

# directories apart from files: by the call (opendir, O_DIRECTORY)
ct_json "[(o['path'], o['count']) for o in r['processes'][0]['paths']['opened_dirs'] if o['path'] == '$TMP/dir'] == [('$TMP/dir', 15)]" \
	"not [o for p in r['processes'] for o in p['paths']['opened'] if os.path.isdir(o['path'])]"
ct_rjson "j['filesystem']['most_opened'][0]['path'] == '$TMP/dir/data.txt'" \
	"not [o for o in j['filesystem']['most_opened'] if o['path'] == '$TMP/dir']"

# the command: quoted, so that a shell splits it back into the argv
ct_rjson "__import__('shlex').split(j['overview']['command']) == ['$PY', '$CT_ROOT/tests/fixtures/readable.py', '$lib', '$TMP/dir', '$static', 'two words', 'it\\'s \"quoted\"', '', '\$HOME', 'a;b']" \
	"j['overview']['command'] == __import__('shlex').join(__import__('shlex').split(j['overview']['command']))"
ct_has "$TMP/rep.out" "'two words' 'it'\"'\"'s \"quoted\"' '' '\$HOME' 'a;b'"

# the counts: python, true, the static program (untraced) and the child
# whose exec failed are processes; python, true and the static program ran
untraced=$([ -n "$static" ] && echo 1 || echo 0)
ct_rjson "j['overview']['counts'] == {'processes': 3 + $untraced, 'images': 2 + $untraced, 'untraced': $untraced, 'threads': 2}"
ct_has "$TMP/rep.out" "processes  $((3 + untraced)) (distinct pids), programs $((2 + untraced)) (exec images, $untraced of them untraced)"
