# loader_import_inits -- with --loader each import's native.init_ns is
# what the initialisers of the objects that appeared under it took: a
# module whose ctypes.CDLL loads an object with a 30 ms constructor gets
# that object's constructors.ns (>= 25 ms), report --json the same, the
# page an initialisers column; without --loader the field is absent.
source "$CT_ROOT/tests/py_lib.sh"
source "$CT_ROOT/tests/loader_lib.sh"
mkdir -p "$LP_DIR" && ct_lp_obj B 30 liblp_b.so || ct_fail "cannot build liblp_b.so"
printf 'import ctypes\nctypes.CDLL("%s/liblp_b.so")\n' "$LP_DIR" >"$TMP/ct_initmod.py"
code="import sys; sys.path.insert(0, '$TMP'); import ct_initmod"

CT_OPTS=(--loader)
ct_compare /usr/bin/python3 -c "$code"
py_json "mod('ct_initmod')['native']['init_ns'] >= 25000000" \
	"mod('ct_initmod')['native']['init_ns'] == sum(l['constructors']['ns'] for l in root['libraries'] if l.get('import') == 'ct_initmod' and l.get('constructors'))" \
	"all('init_ns' in i['native'] for i in root['imports'])"
"$COLDTRACE" report --json --top 1000 "$RUN" >"$TMP/rep.json" || ct_fail "report --json failed"
"$PY" -c "
import json, sys
r = json.load(open(sys.argv[1]))['imports']['by_self']
rec = json.load(open(sys.argv[2]))['processes'][0]['imports']
want = [i['native']['init_ns'] for i in rec if i['module'] == 'ct_initmod']
sys.exit(0 if [x['init_ns'] for x in r if x['module'] == 'ct_initmod'] == want else 1)
" "$TMP/rep.json" "$RUN/record.json" || ct_fail "report --json init_ns differs from the record's"
"$COLDTRACE" report --html -o "$TMP/page.html" "$RUN" >/dev/null || ct_fail "report --html failed"
grep -q '<th>initialisers</th>' "$TMP/page.html" || ct_fail "no initialisers column on the page"

CT_OPTS=()
ct_compare /usr/bin/python3 -c "$code"
py_json "not any('init_ns' in i['native'] for i in root['imports'])"
"$COLDTRACE" report --json "$RUN" | "$PY" -c "
import json, sys
sys.exit(0 if all(x['init_ns'] is None for x in json.load(sys.stdin)['imports']['by_self']) else 1)
" || ct_fail "report --json init_ns is not null without --loader"
