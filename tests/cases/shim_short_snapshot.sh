# shim_short_snapshot -- an image that lives under 50 ms takes no /proc
# snapshot (its rusage stays; a 20 ms sleep too) and its files stay
# small; the launcher's
# command takes one however short it lives; the record says which.  A
# fork child that only execs leaves no log: one log per exec'd image,
# each linked to the shell.
cat >"$TMP/loop.sh" <<'SH'
for i in 1 2 3 4 5 6 7 8 9 10; do /bin/true; done
sleep 0.02
sleep 0.1
echo done
SH
ct_compare bash "$TMP/loop.sh"
ct_json "r['events']['snapshots_short'] == 11" \
	"len(r['processes']) == 13 and len(r['events']['files']) == 13" \
	"all(p['parent'] == r['processes'][0]['pid'] for p in r['processes'][1:])" \
	"len(r['processes'][0]['children']) == 12"
ct_json "[(p['argv'][0], p['exit']['snapshot']) for p in r['processes'] if p['argv'][0] == '/bin/true'] == [('/bin/true', 'short')] * 10"
ct_json "all(p['proc'] is None and p['rusage'] is not None for p in r['processes'] if p['argv'][0] == '/bin/true')"
ct_json "[(p['argv'][1:], p['exit']['snapshot']) for p in r['processes'] if p['argv'][0] == 'sleep'] == [(['0.02'], 'short'), (['0.1'], 'taken')]" \
	"r['processes'][0]['exit']['snapshot'] == 'taken'"
ct_json "r['processes'][0]['proc'] is not None"
# a short image's ending thread: its CPU kept, its run-queue delay not read
ct_json "[(t['cpu_ns'] is not None, t['runqueue_ns']) for p in r['processes'] if p['argv'][0] == '/bin/true' for t in p['threads']] == [(True, None)] * 10"
# each short image: a slot of the run's pack, no file of its own, a few
# KiB of disk blocks (the whole run directory's, per image)
for p in $(python3 -c "import json; r=json.load(open('$RUN/record.json'))
print(' '.join(p['log'] for p in r['processes'] if p['argv'][0] == '/bin/true'))"); do
	for f in "$RUN/$p" "$RUN/${p%.ctlog}.ctmore" "$RUN/${p%.ctlog}.snap"; do
		[ ! -e "$f" ] || ct_fail "${f##*/}: a file of a short image's own"
	done
done
[ -f "$RUN/images.ctpack" ] || ct_fail "no pack in the run directory"
kb=$(du -kc "$RUN"/images.ctpack "$RUN"/*.ctlog "$RUN"/*.ctmore 2>/dev/null | tail -1 | cut -f1)
[ "$kb" -le $((13 * 16)) ] || ct_fail "13 images take $kb KiB on disk"
apparent=$(du -kc --apparent-size "$RUN"/images.ctpack | tail -1 | cut -f1)
# (the pack grows by groups of 4 slots: 16 for 13 images)
[ "$apparent" -le $((16 * 64 + 4)) ] || ct_fail "the pack is $apparent KiB long for 13 images"
"$COLDTRACE" report "$RUN" | grep -q "; 11 images under 50 ms took no /proc snapshot" ||
	ct_fail "the report does not say which images took no snapshot"
# the launcher's command alone, however short: its snapshot is taken
ct_run /bin/true
ct_json "r['processes'][0]['exit']['snapshot'] == 'taken' and r['processes'][0]['proc'] is not None"
