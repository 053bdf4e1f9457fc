/*
 * export.c -- `coldtrace export --chrome [RUN] [-o FILE]`: the run's raw
 * events as Chrome Trace Event JSON for Perfetto and chrome://tracing.
 *
 * Exit status: 0; 2 for a usage error, a run that cannot be read or an
 * -o file that cannot be made; 125 when writing fails after that (the
 * partial file is removed).  Never:
 * a trace file left behind that does not parse; the default output (in a
 * run directory that may be someone else's) written through a symlink or
 * waited on as a FIFO.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cmds.h"
#include "export.h"
#include "lib/msg.h"
#include "lib/outpath.h"
#include "report/load.h"

#define CT_EXPORT_USAGE "usage: coldtrace export --chrome [RUN_DIR | record.json] [-o FILE] " \
	"[--fs-events N]"
#define CT_EXPORT_EXAMPLE "e.g. coldtrace export --chrome runs/20250101T120000.000Z-python3 " \
	"-o trace.json"
#define CT_EXPORT_FS_DEFAULT 2000

struct ct_xopts {
	int chrome;
	const char *out;        /* NULL: <run>/trace.json; "-": stdout */
	long max_fs;
	const char *run;
};

static void ct_export_help(void)
{
	printf("%s\n\n"
	       "Writes the run's events as Chrome Trace Event JSON (open it in\n"
	       "https://ui.perfetto.dev or chrome://tracing): processes and threads named,\n"
	       "imports as nested slices, dlopen calls as slices, libraries, threads and\n"
	       "processes as instant markers, file-system calls as instants -- or, for a\n"
	       "process with more than N of them, as counters (default %d).\n\n"
	       "  --chrome          the format (the only one so far; required)\n"
	       "  -o FILE           output file, '-' for stdout (default RUN_DIR/trace.json)\n"
	       "  --fs-events N     file-system calls per process shown one by one\n\n%s\n",
	       CT_EXPORT_USAGE, CT_EXPORT_FS_DEFAULT, CT_EXPORT_EXAMPLE);
}

/* -1 to go on, else the exit status. */
static int ct_export_opts(int argc, char **argv, struct ct_xopts *o)
{
	static const struct option lo[] = {
		{ "chrome", no_argument, NULL, 'c' }, { "output", required_argument, NULL, 'o' },
		{ "fs-events", required_argument, NULL, 'f' }, { "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	char *end;
	int ch;

	optind = 1;
	opterr = 0;
	while ((ch = getopt_long(argc, argv, "ho:", lo, NULL)) != -1) {
		if (ch == 'c')
			o->chrome = 1;
		else if (ch == 'o')
			o->out = optarg;
		else if (ch == 'f') {
			o->max_fs = strtol(optarg, &end, 10);
			if (!*optarg || *end || o->max_fs < 0)
				return ct_usage_error(CT_EXPORT_EXAMPLE, "--fs-events takes a number "
						      "(0 or more), not '%s'", optarg), 2;
		} else if (ch == 'h')
			return ct_export_help(), 0;
		else
			return ct_usage_error(CT_EXPORT_USAGE, "unknown option or missing value: "
					      "'%s'", argv[optind - 1]), 2;
	}
	if (!o->chrome)
		return ct_usage_error(CT_EXPORT_EXAMPLE, "which format? only --chrome exists"), 2;
	if (argc - optind > 1)
		return ct_usage_error(CT_EXPORT_USAGE, "one run at a time"), 2;
	o->run = optind < argc ? argv[optind] : NULL;
	return -1;
}

static uint64_t ct_origin(const cJSON *procs)
{
	const cJSON *p;
	uint64_t t0 = UINT64_MAX;

	cJSON_ArrayForEach(p, procs)
		if (ct_rint(p, "start_ns") >= 0 && (uint64_t)ct_rint(p, "start_ns") < t0)
			t0 = (uint64_t)ct_rint(p, "start_ns");
	return t0 == UINT64_MAX ? 0 : t0;
}

static int ct_collect(struct ct_trace *t, const struct ct_rctx *c)
{
	const cJSON *procs = ct_rget(c->rec, "processes"), *p;
	int read = 0;

	t->t0 = ct_origin(procs);
	ct_export_names(t, procs);
	cJSON_ArrayForEach(p, procs)
		read += ct_export_image(t, c->dir, p) == 0;
	if (!read) {
		ct_msg("no readable event log (*.ctlog) for the processes of '%s'", c->path);
		return 2;
	}
	return 0;
}

/* RUN_DIR/trace.json: only a regular file is replaced, never through a
 * link (an -o FILE is the user's choice and opened as given). */
static FILE *ct_open_default(const char *path)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0644);
	struct stat st;
	FILE *f;

	if (fd < 0)
		return NULL;
	if (fstat(fd, &st) == 0 && !S_ISREG(st.st_mode))
		errno = EINVAL;
	else if (ftruncate(fd, 0) == 0 && (f = fdopen(fd, "w")))
		return f;
	close(fd);
	return NULL;
}

static int ct_write(struct ct_trace *t, const struct ct_rctx *c, const char *out_path)
{
	char def[4200];
	FILE *out = stdout;
	int rc;

	if (!out_path) {
		snprintf(def, sizeof(def), "%s/trace.json", c->dir);
		out = ct_open_default(def);
		out_path = def;
	} else if (strcmp(out_path, "-")) {
		if (ct_outpath_check(out_path, "the trace") < 0)
			return CT_STATUS_USAGE;
		out = fopen(out_path, "w");
	}
	if (!out) {
		ct_msg("cannot write '%s' (fopen): %s", out_path, strerror(errno));
		return out_path == def ? CT_STATUS_TOOL : CT_STATUS_USAGE;
	}
	rc = ct_trace_write(out, t, c->rec);
	if (out != stdout && fclose(out) != 0)
		rc = -1;
	if (rc < 0) {
		ct_msg("cannot write '%s': %s", out_path, strerror(errno));
		if (out != stdout)
			unlink(out_path);
		return 125;
	}
	if (out != stdout)
		ct_msg("wrote %s (%zu events%s); open it in https://ui.perfetto.dev or "
		       "chrome://tracing", out_path, t->n,
		       t->aggregated ? ", file-system calls as counters" : "");
	return 0;
}

int ct_cmd_export(int argc, char **argv)
{
	struct ct_xopts o = { 0, NULL, CT_EXPORT_FS_DEFAULT, NULL };
	struct ct_ropts ro = { .top = 1 };
	struct ct_rctx c;
	struct ct_trace t;
	int rc = ct_export_opts(argc, argv, &o);

	if (rc >= 0)
		return rc;
	memset(&c, 0, sizeof(c));
	memset(&t, 0, sizeof(t));
	c.o = &ro;
	t.max_fs = o.max_fs;
	t.meta = cJSON_CreateArray();
	rc = ct_report_load(&c, o.run);
	if (!rc && t.meta)
		rc = ct_collect(&t, &c);
	if (!rc)
		rc = ct_write(&t, &c, o.out);
	ct_trace_free(&t);
	ct_report_free(&c);
	return rc;
}
