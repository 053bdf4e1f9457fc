# lib.sh -- helpers sourced by every tests/cases/*.sh (see tests/run.sh).
#
# A case runs in its artefact directory $TMP (= tests/out/<name>/).  The
# helpers fail the case through ct_fail, which names what was expected;
# they never let a failed assertion pass silently.  Record assertions use
# /usr/bin/python3 (the system Python) because that one is always there.

CT_BIN_DIR=${CT_BIN_DIR:-$CT_ROOT/build}   # tests/check.sh points this at the sanitised build
CT=$CT_BIN_DIR/ct-launch
COLDTRACE=$CT_BIN_DIR/coldtrace
TMP=$CT_TEST_OUT
PY=/usr/bin/python3
CT_OPTS=()        # extra ct-launch options for ct_run / ct_compare
RUN=              # run directory of the last ct_run
CT_STATUS=        # exit status of the last ct_run
BARE_STATUS=      # exit status of the last ct_bare

ct_fail() { echo "FAIL: $*"; exit 1; }
ct_skip() { echo "SKIP: $*"; exit 77; }

[ -x "$CT" ] || ct_fail "$CT is missing: run make first"

# The run directory named on the launcher's stderr: "run directory: X" at
# the end of a run (maybe after child output that lacks a final newline),
# "(record: X/record.json)" after a launcher failure.
ct_run_dir_from() {
	LC_ALL=C sed -n -e 's/.*coldtrace: run directory: //p' \
	       -e 's/.*(record: \(.*\)\/record\.json)$/\1/p' "$1" | tail -n 1
}

# ct_launch_as WHAT [OPTION...] -- CMD...: CMD under ct-launch with the
# options and $CT_OPTS; sets CT_STATUS and RUN; the launcher's
# stdout/stderr go to $TMP/ct.out and $TMP/ct.err.
ct_launch_as() {
	local what=$1
	shift
	"$CT" --runs-dir "$TMP/runs" "${CT_OPTS[@]}" "$@" >"$TMP/ct.out" 2>"$TMP/ct.err"
	CT_STATUS=$?
	RUN=$(ct_run_dir_from "$TMP/ct.err")
	echo "$what: ct-launch $* -> status $CT_STATUS, run dir ${RUN:-none}"
}

# ct_run CMD...: runs CMD under ct-launch --quiet.
ct_run() { ct_launch_as ct_run --quiet -- "$@"; }
# ct_run_live CMD...: the same with the output shown live (captured too).
ct_run_live() { ct_launch_as ct_run_live -- "$@"; }

# ct_bare CMD...: the same command without coldtrace.
ct_bare() {
	"$@" >"$TMP/bare.out" 2>"$TMP/bare.err"
	BARE_STATUS=$?
	echo "bare $* -> status $BARE_STATUS"
}

# ct_compare CMD...: the host must not notice: same exit status and the
# same stdout bare and under coldtrace, live and in stdout.log.
ct_compare() {
	ct_bare "$@"
	ct_run_live "$@"
	ct_eq "$CT_STATUS" "$BARE_STATUS" "exit status under coldtrace vs bare"
	cmp "$TMP/bare.out" "$TMP/ct.out" || ct_fail "stdout differs under coldtrace: $*"
	cmp "$TMP/bare.out" "$RUN/stdout.log" || ct_fail "stdout.log differs from bare stdout: $*"
}

ct_eq() {
	[ "$1" = "$2" ] || ct_fail "$3: got '$1', expected '$2'"
}

# ct_lines FILE N WHAT: FILE has exactly N lines.
ct_lines() {
	local n
	n=$(wc -l <"$1")
	[ "$n" -eq "$2" ] || { cat "$1"; ct_fail "$3: $n lines, expected $2"; }
}

# ct_json EXPR...: each Python expression must be true of the last record
# (bound to r; os and re are imported).
ct_json() {
	[ -f "$RUN/record.json" ] || ct_fail "no record.json in '$RUN'"
	ct_jtrue "$RUN/record.json" r record.json "$@"
}

# ct_jtrue FILE NAME WHAT EXPR...: each Python expression is true of the
# JSON in FILE, bound to NAME (os and re at hand); WHAT names it in the
# messages.
ct_jtrue() {
	local file=$1 name=$2 what=$3
	shift 3
	"$PY" - "$file" "$name" "$what" "$@" <<'PYEOF' || ct_fail "$what assertion failed (see above)"
import json, os, re, sys
file, name, what = sys.argv[1:4]
v = json.load(open(file))
bad = [e for e in sys.argv[4:] if not eval(e, {name: v, "os": os, "re": re})]
for e in bad:
    print(what + ": not true: " + e)
    if " == " in e:  # what the left side was, so that a failure in CI says why
        try:
            print("    left side: %r" % (eval(e.split(" == ")[0], {name: v, "os": os, "re": re}),))
        except Exception as x:
            print("    left side: %r" % x)
sys.exit(1 if bad else 0)
PYEOF
}

# ct_jmain EXPR...: each Python expression is true of the main thread's
# threads[] entry (bound to m) of the last record's first image.
ct_jmain() {
	"$PY" -c 'import json, sys
p = json.load(open(sys.argv[1]))["processes"][0]
json.dump([t for t in p["threads"] if t["tid"] == p["pid"]][0], open(sys.argv[2], "w"))' \
		"$RUN/record.json" "$TMP/main_thread.json" || ct_fail "no main thread in threads[]"
	ct_jtrue "$TMP/main_thread.json" m "the main thread" "$@"
}

# ct_jget EXPR: prints the value of a Python expression over the record.
ct_jget() {
	"$PY" -c 'import json,sys; r=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))' \
		"$RUN/record.json" "$1"
}

# ct_rp_compare DIR: builds DIR/main, linked with DIR/libcaller.so, whose
# RUNPATH alone ($ORIGIN/deps) finds the DIR/deps/libdep.so it dlopens by
# bare name (tests/fixtures/rp_*.c), and runs it as ct_compare does: it must
# load libdep.so under coldtrace as without.
ct_rp_compare() {
	local d=$1
	mkdir -p "$d/deps"
	cc -shared -fPIC -o "$d/deps/libdep.so" "$CT_ROOT/tests/fixtures/rp_dep.c" &&
	cc -shared -fPIC -o "$d/libcaller.so" "$CT_ROOT/tests/fixtures/rp_caller.c" \
		-Wl,--enable-new-dtags,-rpath,'$ORIGIN/deps' &&
	cc -o "$d/main" "$CT_ROOT/tests/fixtures/rp_main.c" -L"$d" -lcaller \
		-Wl,--enable-new-dtags,-rpath,"$d" || ct_fail "cannot build the RUNPATH fixture"
	ct_compare "$d/main"
	grep -q '^libdep.so answers 42$' "$TMP/ct.out" || ct_fail "libdep.so not loaded under coldtrace"
}

# ct_fixture NAME [VARIANT CFLAGS...]: compiles tests/fixtures/NAME.c once
# into tests/out/bin/NAME[.VARIANT] and prints the path.  Non-zero when
# the compiler fails (its messages are in the case log).
ct_fixture() {
	local name=$1 variant=${2:-} src bin
	shift; [ $# -gt 0 ] && shift
	src=$CT_ROOT/tests/fixtures/$name.c
	bin=$CT_ROOT/tests/out/bin/$name${variant:+.$variant}
	mkdir -p "$CT_ROOT/tests/out/bin"
	if [ ! -x "$bin" ] || [ "$src" -nt "$bin" ]; then
		${CC:-cc} -O1 -g -Wall -o "$bin.tmp.$$" "$src" "$@" >&2 || return 1
		mv -f "$bin.tmp.$$" "$bin"
	fi
	echo "$bin"
}

# Every key of the prototype's coldtrace.run.v0 record, nested ones as "a.b".
CT_V0_KEYS="run_id name launcher.mode launcher.unit_name command.argv command.cwd
host.kernel host.hostname host.systemd_version host.python_version
timing.started_unix_ms timing.wall_ms timing.time_to_first_stdout_ms timing.time_to_ready_ms
exit.code exit.signal rusage.user_cpu_ms rusage.system_cpu_ms rusage.minor_faults
rusage.major_faults rusage.voluntary_context_switches rusage.involuntary_context_switches
process.pid process.cgroup process.peak_rss_kb process.mapped_files_count
output.stdout_bytes output.stderr_bytes artifacts artifacts.proc_status artifacts.proc_cgroup
artifacts.proc_maps artifacts.importtime artifacts.strace_summary"

ct_json_has_v0_keys() {
	local k expr
	for k in $CT_V0_KEYS; do
		case $k in
		*.*) expr="'${k#*.}' in r.get('${k%%.*}', {})" ;;
		*)   expr="'$k' in r" ;;
		esac
		ct_json "$expr"
	done
	ct_json "r['schema_version'] == 'coldtrace.run.v1'"
}
