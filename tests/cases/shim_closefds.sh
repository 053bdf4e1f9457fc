# shim_closefds -- a program that closes every fd above 2 keeps being
# traced: coldtrace keeps no descriptor open.
bin=$(ct_fixture closefds) || ct_fail "cannot build closefds.c"
ct_compare "$bin"
ct_json "r['processes'][0]['calls']['open']['count'] == 100" "r['processes'][0]['complete']"
