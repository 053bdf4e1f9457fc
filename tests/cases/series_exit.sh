# series_exit -- a series exits with the status of the first failing run
# (the others still run and are recorded); --fail-fast stops there.
source "$CT_ROOT/tests/series_lib.sh"
ct_series -n 3 --cache asis -- sh -c 'exit 3'
ct_eq "$CT_STATUS" 3 "status of a failing series"
ct_sjson "len(runs) == 3" "all(r['exit_code'] == 3 for r in runs)" "s['exit_status'] == 3"
ct_series -n 3 --fail-fast -- sh -c 'exit 4'
ct_eq "$CT_STATUS" 4 "status of a --fail-fast series"
ct_sjson "len(runs) == 1" "runs[0]['exit_code'] == 4"
ct_series -n 2 --cache asis -- /usr/bin/python3 -c 'import sys; sys.exit(len(sys.argv))' x
ct_eq "$CT_STATUS" 2 "status of the python series"
