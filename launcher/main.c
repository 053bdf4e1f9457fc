/*
 * main.c -- entry point: `ct-launch ...` or `coldtrace SUBCOMMAND ...`.
 *
 * Only dispatch (and making sure fds 0-2 exist) lives here.  Never: an exit status other than the
 * subcommand's, except 2 for a usage error and 125 when stdout cannot be
 * flushed (output the user asked for was lost).
 */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cmds.h"
#include "lib/msg.h"
#include "lib/self.h"

struct ct_subcmd {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *summary;
};

static int ct_cmd_run_sub(int argc, char **argv)
{
	return ct_cmd_run(argc, argv, "coldtrace-run");
}

/* `report --html` is the page (html/), any other report the text (of a run,
 * or of a series: series/). */
static int ct_cmd_report_sub(int argc, char **argv)
{
	int i;

	for (i = 1; i < argc && strcmp(argv[i], "--"); i++)
		if (!strcmp(argv[i], "--html"))
			return ct_cmd_html(argc, argv);
	return ct_cmd_report_any(argc, argv);
}

static const struct ct_subcmd ct_subcmds[] = {
	{ "run", ct_cmd_run_sub, "run a command under coldtrace, write runs/<ts>-<label>/record.json" },
	{ "merge", ct_cmd_merge, "build record.json of a bare (LD_PRELOAD) run directory" },
	{ "report", ct_cmd_report_sub, "where the time went, imports, .so files, CUDA verdict of a run or series" },
	{ "export", ct_cmd_export, "a run as a Chrome, Perfetto or OTLP trace" },
	{ "dump", ct_cmd_dump, "print the raw event logs of a run as JSON Lines" },
	{ "diff", ct_cmd_diff, "what changed between two runs or series; --fail-if gates for CI" },
};

static void ct_main_usage(FILE *out)
{
	size_t i;

	fprintf(out, "usage: coldtrace SUBCOMMAND [ARGS...]\n"
		     "       ct-launch [OPTIONS] [--] CMD [ARGS...]   (same as coldtrace run)\n\n");
	for (i = 0; i < sizeof(ct_subcmds) / sizeof(ct_subcmds[0]); i++)
		fprintf(out, "  %-8s %s\n", ct_subcmds[i].name, ct_subcmds[i].summary);
	fprintf(out, "\n'coldtrace SUBCOMMAND --help' describes each one.\n");
}

static int ct_dispatch(int argc, char **argv)
{
	size_t i;

	if (argc < 2) {
		ct_main_usage(stderr);
		return CT_STATUS_USAGE;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		ct_main_usage(stdout);
		return 0;
	}
	if (!strcmp(argv[1], "--version")) {
		printf("coldtrace %s\n", CT_VERSION);
		return 0;
	}
	for (i = 0; i < sizeof(ct_subcmds) / sizeof(ct_subcmds[0]); i++)
		if (!strcmp(argv[1], ct_subcmds[i].name))
			return ct_subcmds[i].fn(argc - 1, argv + 1);
	ct_usage_error("usage: coldtrace SUBCOMMAND ... (see coldtrace --help)",
		       "unknown subcommand '%s'", argv[1]);
	return CT_STATUS_USAGE;
}

static const char *ct_basename(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

/* A closed fd 0-2 would be reused by the first pipe or log we open, and
 * the child's output would land in the wrong place: fill them first. */
static void ct_std_fds_open(void)
{
	int fd;

	while ((fd = open("/dev/null", O_RDWR)) >= 0 && fd <= STDERR_FILENO)
		;
	if (fd > STDERR_FILENO)
		close(fd);
}

int main(int argc, char **argv)
{
	int rc;

	ct_std_fds_open();
	ct_self_set(argc > 0 ? argv[0] : NULL);

	if (argc > 0 && !strcmp(ct_basename(argv[0]), "ct-launch"))
		rc = ct_cmd_run(argc, argv, "ct-launch");
	else
		rc = ct_dispatch(argc, argv);
	if (fclose(stdout) != 0 && rc == 0) {
		ct_msg("cannot write standard output (fclose): %m");
		rc = CT_STATUS_TOOL;
	}
	return rc;
}
