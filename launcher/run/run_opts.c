/*
 * run_opts.c -- options of `ct-launch` / `coldtrace run`.
 *
 * Parsing stops at the first word that is not an option (or after "--"),
 * so the command's own options are never taken for ours.  Never: a usage
 * error that exits with anything but 2, or without a correct example.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmds.h"
#include "ct_log.h"
#include "lib/msg.h"
#include "ready.h"
#include "run.h"

enum { CT_OPT_NAME = 256, CT_OPT_RUNS_DIR, CT_OPT_NO_FOLLOW, CT_OPT_STACKS, CT_OPT_VERSION,
       CT_OPT_LOADER, CT_OPT_WARMUP, CT_OPT_CACHE, CT_OPT_DROP, CT_OPT_FAIL_FAST,
       CT_OPT_SYSTEMD,
       CT_OPT_READY, CT_OPT_AT_READY, CT_OPT_READY_TIMEOUT, CT_OPT_STOP_TIMEOUT };

static const struct option ct_run_longopts[] = {
	{ "name", required_argument, NULL, CT_OPT_NAME },
	{ "runs-dir", required_argument, NULL, CT_OPT_RUNS_DIR },
	{ "quiet", no_argument, NULL, 'q' },
	{ "no-follow", no_argument, NULL, CT_OPT_NO_FOLLOW },
	{ "stacks", required_argument, NULL, CT_OPT_STACKS },
	{ "loader", no_argument, NULL, CT_OPT_LOADER },
	{ "warmup", required_argument, NULL, CT_OPT_WARMUP },
	{ "cache", required_argument, NULL, CT_OPT_CACHE },
	{ "drop-caches", no_argument, NULL, CT_OPT_DROP },
	{ "fail-fast", no_argument, NULL, CT_OPT_FAIL_FAST },
	{ "systemd", no_argument, NULL, CT_OPT_SYSTEMD },
	{ "ready", required_argument, NULL, CT_OPT_READY },
	{ "at-ready", required_argument, NULL, CT_OPT_AT_READY },
	{ "ready-timeout", required_argument, NULL, CT_OPT_READY_TIMEOUT },
	{ "stop-timeout", required_argument, NULL, CT_OPT_STOP_TIMEOUT },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, CT_OPT_VERSION },
	{ NULL, 0, NULL, 0 },
};

static void ct_run_help(FILE *out, const char *prog)
{
	fprintf(out, "usage: %s [OPTIONS] [--] CMD [ARGS...]\n\n"
	       "Runs CMD with libcoldtrace.so preloaded and writes\n"
	       "RUNS_DIR/<YYYYMMDDTHHMMSS.mmmZ>-<label>/record.json (plus stdout.log,\n"
	       "stderr.log and one event log per traced process).  Exits with CMD's status\n"
	       "(128+N when killed by signal N); 125 coldtrace failed, 126 CMD cannot be\n"
	       "executed, 127 CMD not found, 2 usage error.\n\n"
	       "  --name NAME      label of the run directory (default: from CMD)\n"
	       "  --runs-dir DIR   parent of run directories (default: ./runs)\n"
	       "  -q, --quiet      do not show CMD's output (only log it), no summary\n"
	       "  --no-follow      do not trace children or exec'd programs\n"
	       "  --stacks LIST    event kinds that get a call stack: comma list, all, none\n"
	       "                   (default: dlopen,thread)\n"
	       "  --loader         also record the dynamic loader's own account (LD_AUDIT):\n"
	       "                   every search candidate, and when a dlopen's objects were mapped\n"
	       "  -n N             run CMD N times into one series directory (series.json,\n"
	       "                   001/, 002/ ...); exits with the first failing run's status\n"
	       "  --warmup K       uncounted, deleted runs before the series (default 1 with\n"
	       "                   --cache warm|cold|both, else 0)\n"
	       "  --cache MODE     asis (touch nothing), warm, cold (evict what the previous\n"
	       "                   run read before each run), both (cold and warm alternate);\n"
	       "                   default asis for one run, warm for -n above 1\n"
	       "  --drop-caches    cold runs also write /proc/sys/vm/drop_caches (root; the\n"
	       "                   whole machine's page cache)\n"
	       "  --fail-fast      stop the series at the first failing run\n"
	       "  --systemd        run CMD as a transient systemd unit (systemd-run --scope)\n"
	       "                   and record its cgroup's counters; only where systemd is PID 1\n"
	       "  --ready SPEC     the command is a service: trace it until it is ready, i.e.\n"
	       "                   line:REGEX (a line of its output matches), port:[HOST:]N\n"
	       "                   (a TCP connect succeeds), http://HOST:N/PATH (a GET answers\n"
	       "                   2xx/3xx), notify (READY=1 on $NOTIFY_SOCKET), file:PATH (it\n"
	       "                   exists); repeatable, the first to fire wins\n"
	       "  --at-ready WHAT  stop (default: SIGTERM to its process group, exit 0), wait\n"
	       "                   (until it exits by itself), keep (record and leave it running)\n"
	       "  --ready-timeout S  not ready after S seconds: stop it, exit 124\n"
	       "  --stop-timeout S SIGKILL this long after the SIGTERM (default 5)\n"
	       "  -h, --help       this text\n"
	       "  --version        print the version\n\n"
	       "example: %s --name import-torch -- /usr/bin/python3 -c 'import torch'\n"
	       "         %s -n 10 --cache both -- /usr/bin/python3 -c 'import torch'\n"
	       "         %s --ready port:8000 -- python3 -m http.server 8000\n",
	       prog, prog, prog, prog);
}

static int ct_run_no_command(const char *prog)
{
	ct_msg("no command given");
	ct_run_help(stderr, prog);
	return CT_STATUS_USAGE;
}

static int ct_run_unknown(const char *prog, char **argv)
{
	char hint[96];

	snprintf(hint, sizeof(hint), "try '%s --help'", prog);
	if (optopt)
		ct_usage_error(hint, "unknown option '-%c'", optopt);
	else
		ct_usage_error(hint, "unknown option '%s'", argv[optind - 1]);
	return CT_STATUS_USAGE;
}

/* Every word one of common/ct_log.h's stack words (which the shim would
 * ignore, silently: so one that is not is refused here). */
static int ct_stacks_valid(const char *list)
{
	size_t n;

	do {
		n = strcspn(list, ",");
		if (ct_stack_word_bits(list, n) < 0)
			return 0;
		list += n;
	} while (*list++);
	return 1;
}

/* -n and --warmup: a whole number in [min, 100000]. */
static int ct_count_arg(const char *opt, int min, int *out)
{
	char *end;
	long v = strtol(optarg, &end, 10);

	if (*optarg && !*end && v >= min && v <= 100000) {
		*out = (int)v;
		return -1;
	}
	ct_usage_error("e.g. -n 10 --warmup 2", "%s takes a number from %d to 100000, not '%s'",
		       opt, min, optarg);
	return CT_STATUS_USAGE;
}

static int ct_cache_arg(struct ct_run_opts *o)
{
	static const char *const names[] = { "", "asis", "warm", "cold", "both" };
	int i;

	for (i = CT_CACHE_ASIS; i <= CT_CACHE_BOTH; i++)
		if (!strcmp(optarg, names[i])) {
			o->cache = (enum ct_cache_mode)i;
			return -1;
		}
	ct_usage_error("e.g. --cache cold (asis, warm, cold or both)",
		       "--cache takes asis, warm, cold or both, not '%s'", optarg);
	return CT_STATUS_USAGE;
}

/* Returns -1 to go on, else an exit status. */
static int ct_run_opt(int c, const char *prog, char **argv, struct ct_run_opts *o)
{
	switch (c) {
	case CT_OPT_NAME:      o->name = optarg; return -1;
	case CT_OPT_RUNS_DIR:  o->runs_dir = optarg; return -1;
	case 'q':              o->quiet = 1; return -1;
	case CT_OPT_NO_FOLLOW: o->no_follow = 1; return -1;
	case CT_OPT_STACKS:    o->stacks = optarg; return -1;
	case CT_OPT_LOADER:    o->loader = 1; return -1;
	case 'n':              return ct_count_arg("-n", 1, &o->repeat);
	case CT_OPT_WARMUP:    return ct_count_arg("--warmup", 0, &o->warmup);
	case CT_OPT_CACHE:     return ct_cache_arg(o);
	case CT_OPT_DROP:      o->drop_caches = 1; return -1;
	case CT_OPT_FAIL_FAST: o->fail_fast = 1; return -1;
	case CT_OPT_SYSTEMD:   o->systemd = 1; return -1;
	case CT_OPT_READY:     return ct_ready_spec_arg(o, optarg);
	case CT_OPT_AT_READY:  return ct_at_ready_arg(o, optarg);
	case CT_OPT_READY_TIMEOUT: return ct_seconds_arg("--ready-timeout", optarg, &o->ready_timeout_ms);
	case CT_OPT_STOP_TIMEOUT:  return ct_seconds_arg("--stop-timeout", optarg, &o->stop_timeout_ms);
	case 'h':              ct_run_help(stdout, prog); return 0;
	case CT_OPT_VERSION:   printf("coldtrace %s\n", CT_VERSION); return 0;
	case ':':
		ct_usage_error("e.g. --name import-torch, --runs-dir /tmp/runs, -n 5, --cache cold",
			       "option '%s' needs a value", argv[optind - 1]);
		return CT_STATUS_USAGE;
	default:
		return ct_run_unknown(prog, argv);
	}
}

/* --systemd where there is no systemd manager: one line, before anything
 * is made. */
static int ct_systemd_refused(const struct ct_run_opts *o)
{
	char why[160];
	const char *no = o->systemd ? ct_systemd_unavailable(why, sizeof(why)) : NULL;

	if (!no)
		return -1;
	ct_msg("--systemd: cannot run the command as a systemd unit here: %s", no);
	return CT_STATUS_USAGE;
}

int ct_run_parse(int argc, char **argv, const char *prog, struct ct_run_opts *o)
{
	int c, rc;

	memset(o, 0, sizeof(*o));
	o->prog = prog;
	o->runs_dir = "runs";
	o->repeat = 1;
	o->warmup = -1;
	o->stop_timeout_ms = 5000;
	o->at_ready = CT_AT_READY_STOP;
	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, "+:qhn:", ct_run_longopts, NULL)) != -1) {
		rc = ct_run_opt(c, prog, argv, o);
		if (rc >= 0)
			return rc;
	}
	if (optind >= argc)
		return ct_run_no_command(prog);
	if (o->stacks && !ct_stacks_valid(o->stacks)) {
		ct_usage_error("e.g. --stacks dlopen,thread, --stacks all, --stacks none",
			       "--stacks takes a comma list of dlopen, thread, file, mmap, "
			       "process, all, none (got '%s')", o->stacks);
		return CT_STATUS_USAGE;
	}
	o->cmd = argv + optind;
	rc = ct_systemd_refused(o);
	return rc >= 0 ? rc : ct_ready_opts_check(o);
}
