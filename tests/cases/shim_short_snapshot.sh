# shim_short_snapshot -- an image that lives under 10 ms takes no /proc
# snapshot (its rusage stays) and its files stay small; the launcher's
# command takes one however short it lives; the record says which.  A
# fork child that only execs leaves no log: one log per exec'd image,
# each linked to the shell.
cat >"$TMP/loop.sh" <<'SH'
for i in 1 2 3 4 5 6 7 8 9 10; do /bin/true; done
sleep 0.05
echo done
SH
ct_compare bash "$TMP/loop.sh"
ct_json "r['events']['snapshots_short'] == 10" \
	"len(r['processes']) == 12 and len(r['events']['files']) == 12" \
	"all(p['parent'] == r['processes'][0]['pid'] for p in r['processes'][1:])" \
	"len(r['processes'][0]['children']) == 11"
ct_json "[(p['argv'][0], p['exit']['snapshot']) for p in r['processes'] if p['argv'][0] == '/bin/true'] == [('/bin/true', 'short')] * 10"
ct_json "all(p['proc'] is None and p['rusage'] is not None for p in r['processes'] if p['argv'][0] == '/bin/true')"
ct_json "[p['exit']['snapshot'] for p in r['processes'] if p['argv'][0] in ('bash', 'sleep')] == ['taken', 'taken']"
ct_json "r['processes'][0]['proc'] is not None"
# each short image: its log only, a few KiB of disk blocks
for p in $(python3 -c "import json; r=json.load(open('$RUN/record.json'))
print(' '.join(p['log'] for p in r['processes'] if p['argv'][0] == '/bin/true'))"); do
	kb=$(du -k "$RUN/$p" | cut -f1)
	[ "$kb" -le 16 ] || ct_fail "$p takes $kb KiB on disk"
	[ ! -e "$RUN/${p%.ctlog}.snap" ] || ct_fail "$p has a snapshot"
done
"$COLDTRACE" report "$RUN" | grep -q "; 10 images under 10 ms took no /proc snapshot" ||
	ct_fail "the report does not say which images took no snapshot"
# the launcher's command alone, however short: its snapshot is taken
ct_run /bin/true
ct_json "r['processes'][0]['exit']['snapshot'] == 'taken' and r['processes'][0]['proc'] is not None"
