/*
 * run_opts.c -- options of `ct-launch` / `coldtrace run`.
 *
 * Parsing stops at the first word that is not an option (or after "--"),
 * so the command's own options are never taken for ours.  Never: a usage
 * error that exits with anything but 2, or without a correct example.
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cmds.h"
#include "lib/msg.h"
#include "run.h"

enum { CT_OPT_NAME = 256, CT_OPT_RUNS_DIR, CT_OPT_NO_FOLLOW, CT_OPT_STACKS, CT_OPT_VERSION,
       CT_OPT_LOADER };

static const struct option ct_run_longopts[] = {
	{ "name", required_argument, NULL, CT_OPT_NAME },
	{ "runs-dir", required_argument, NULL, CT_OPT_RUNS_DIR },
	{ "quiet", no_argument, NULL, 'q' },
	{ "no-follow", no_argument, NULL, CT_OPT_NO_FOLLOW },
	{ "stacks", required_argument, NULL, CT_OPT_STACKS },
	{ "loader", no_argument, NULL, CT_OPT_LOADER },
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
	       "  -h, --help       this text\n"
	       "  --version        print the version\n\n"
	       "example: %s --name import-torch -- /usr/bin/python3 -c 'import torch'\n",
	       prog, prog);
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

/* The words preload/stack.c knows (a word it does not know is ignored
 * there, silently: so it is refused here). */
static int ct_stacks_valid(const char *list)
{
	static const char *const words[] = { "dlopen", "thread", "file", "mmap", "process",
					     "all", "none" };
	size_t i, n;

	do {
		n = strcspn(list, ",");
		for (i = 0; i < sizeof(words) / sizeof(words[0]); i++)
			if (strlen(words[i]) == n && !strncmp(words[i], list, n))
				break;
		if (i == sizeof(words) / sizeof(words[0]))
			return 0;
		list += n;
	} while (*list++);
	return 1;
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
	case 'h':              ct_run_help(stdout, prog); return 0;
	case CT_OPT_VERSION:   printf("coldtrace %s\n", CT_VERSION); return 0;
	case ':':
		ct_usage_error("e.g. --name import-torch, --runs-dir /tmp/runs, --stacks dlopen,thread",
			       "option '%s' needs a value", argv[optind - 1]);
		return CT_STATUS_USAGE;
	default:
		return ct_run_unknown(prog, argv);
	}
}

int ct_run_parse(int argc, char **argv, const char *prog, struct ct_run_opts *o)
{
	int c, rc;

	memset(o, 0, sizeof(*o));
	o->prog = prog;
	o->runs_dir = "runs";
	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, "+:qh", ct_run_longopts, NULL)) != -1) {
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
	return -1;
}
