# launch_signal -- a child killed by signal N: exit status 128+N, exit.signal N.
ct_run sh -c 'kill -TERM $$'
ct_eq "$CT_STATUS" 143 "ct-launch exit status"
ct_json "r['exit'] == {'code': None, 'signal': 15}" "r['error'] is None"
ct_compare sh -c 'kill -TERM $$'
