#!/bin/bash
# run.sh -- runs tests/cases/*.sh (all, or those named: NAME or a glob like 'launch_*').
#
# Each case runs in its own bash with tests/lib.sh sourced, inside its
# artefact directory tests/out/<name>/ (kept when it fails, removed
# otherwise).  Exit 0 pass, 77 skip (last "SKIP: reason" line shown), else
# fail.  The last line is always "N passed, N failed[, N skipped]"; the exit
# status is non-zero when anything failed.  Never: a failure that ends
# with exit status 0, or a case that can change another case's files.
set -u
CT_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
export CT_ROOT
CT_CASE_TIMEOUT=${CT_CASE_TIMEOUT:-900}

ct_pick_cases() {
	local arg f found
	if [ $# -eq 0 ]; then
		ls "$CT_ROOT"/tests/cases/*.sh
		return
	fi
	for arg; do
		arg=${arg%.sh}
		arg=${arg##*/}
		found=0
		for f in "$CT_ROOT"/tests/cases/$arg.sh; do
			[ -f "$f" ] && { echo "$f"; found=1; }
		done
		[ $found = 1 ] || echo "missing:$arg"
	done
}

# Runs one case; prints its verdict line; returns 0 pass, 77 skip, 1 fail.
ct_run_case() {
	local file=$1 name out rc
	name=$(basename "$file" .sh)
	out=$CT_ROOT/tests/out/$name
	rm -rf "$out" && mkdir -p "$out"
	(cd "$out" && CT_TEST_NAME=$name CT_TEST_OUT=$out timeout -k 10 "$CT_CASE_TIMEOUT" \
		bash -c 'source "$CT_ROOT/tests/lib.sh"; source "$1"' "$name" "$file") \
		>"$out/log" 2>&1 </dev/null
	rc=$?
	case $rc in
	0)  echo "PASS $name"; rm -rf "$out" ;;
	77) echo "SKIP $name: $(grep '^SKIP: ' "$out/log" | tail -n 1 | cut -c7-)"; rm -rf "$out"; ;;
	*)  echo "FAIL $name (exit $rc; artefacts in tests/out/$name/)"
	    tail -n 15 "$out/log" | sed 's/^/    /'
	    rc=1 ;;
	esac
	return $rc
}

main() {
	local pass=0 fail=0 skip=0 f rc
	mkdir -p "$CT_ROOT/tests/out"
	for f in $(ct_pick_cases "$@"); do
		if [ "${f#missing:}" != "$f" ]; then
			echo "FAIL ${f#missing:}: no such test (tests/cases/${f#missing:}.sh)"
			fail=$((fail + 1))
			continue
		fi
		ct_run_case "$f"
		rc=$?
		case $rc in
		0) pass=$((pass + 1)) ;;
		77) skip=$((skip + 1)) ;;
		*) fail=$((fail + 1)) ;;
		esac
	done
	if [ $skip -gt 0 ]; then
		echo "$pass passed, $fail failed, $skip skipped"
	else
		echo "$pass passed, $fail failed"
	fi
	[ $fail -eq 0 ]
}

main "$@"
