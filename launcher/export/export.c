/*
 * export.c -- `coldtrace export --chrome|--perfetto|--otlp [RUN] [-o FILE]`:
 * a run as Chrome Trace Event JSON (its raw events), as a Perfetto
 * TrackEvent trace or as OTLP JSON lines (its record; a series for OTLP).
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

#define CT_EXPORT_USAGE "usage: coldtrace export --chrome|--perfetto|--otlp " \
	"[RUN_DIR | record.json | SERIES_DIR (--otlp)] [-o FILE] [--fs-events N (--chrome)]"
#define CT_EXPORT_EXAMPLE "e.g. coldtrace export --chrome runs/20250101T120000.000Z-python3 " \
	"-o trace.json"
#define CT_EXPORT_FS_DEFAULT 2000

struct ct_xopts {
	int fmt;                /* 'c' chrome, 'p' perfetto, 'o' otlp; 0 none yet */
	const char *out;        /* NULL: <run>/trace.json; "-": stdout */
	long max_fs;
	const char *run;
};

static void ct_export_help(void)
{
	printf("%s\n\n"
	       "Writes a run for the tools that read traces (one format, required):\n"
	       "  --chrome          Chrome Trace Event JSON of the raw events (RUN_DIR/trace.json):\n"
	       "                    process and thread lives, imports, dlopen calls as slices,\n"
	       "                    libraries and processes as markers, file-system calls as\n"
	       "                    instants or, past --fs-events N (default %d), as counters\n"
	       "  --perfetto        Perfetto TrackEvent protobuf of the record (RUN_DIR/trace.pftrace):\n"
	       "                    a track per process and thread, their lives, imports, dlopens\n"
	       "                    with their phases and initialisers, file-system runs, exit\n"
	       "                    phases, RSS, flows from each fork to its child\n"
	       "  --otlp            OpenTelemetry OTLP JSON lines of the record, one TracesData per\n"
	       "                    run (RUN_DIR/otlp.jsonl; a series: one line per run)\n"
	       "  -o FILE           output file, '-' for stdout\n\n%s\n",
	       CT_EXPORT_USAGE, CT_EXPORT_FS_DEFAULT, CT_EXPORT_EXAMPLE);
}

/* -1 to go on, else the exit status. */
static int ct_export_opts(int argc, char **argv, struct ct_xopts *o)
{
	static const struct option lo[] = {
		{ "chrome", no_argument, NULL, 'c' }, { "perfetto", no_argument, NULL, 'p' },
		{ "otlp", no_argument, NULL, 't' }, { "output", required_argument, NULL, 'o' },
		{ "fs-events", required_argument, NULL, 'f' }, { "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	char *end;
	int ch;

	optind = 1;
	opterr = 0;
	while ((ch = getopt_long(argc, argv, "ho:", lo, NULL)) != -1) {
		if (ch == 'c' || ch == 'p' || ch == 't') {
			if (o->fmt && o->fmt != (ch == 't' ? 'o' : ch))
				return ct_usage_error(CT_EXPORT_USAGE, "one format at a time"), CT_STATUS_USAGE;
			o->fmt = ch == 't' ? 'o' : ch;
		} else if (ch == 'o')
			o->out = optarg;
		else if (ch == 'f') {
			o->max_fs = strtol(optarg, &end, 10);
			if (!*optarg || *end || o->max_fs < 0)
				return ct_usage_error(CT_EXPORT_EXAMPLE, "--fs-events takes a number "
						      "(0 or more), not '%s'", optarg), CT_STATUS_USAGE;
		} else if (ch == 'h')
			return ct_export_help(), 0;
		else
			return ct_usage_error(CT_EXPORT_USAGE, "unknown option or missing value: "
					      "'%s'", argv[optind - 1]), CT_STATUS_USAGE;
	}
	if (!o->fmt)
		return ct_usage_error(CT_EXPORT_EXAMPLE, "which format? --chrome, --perfetto or --otlp"),
		       CT_STATUS_USAGE;
	if (argc - optind > 1)
		return ct_usage_error(CT_EXPORT_USAGE, "one run at a time"), CT_STATUS_USAGE;
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
	cJSON_ArrayForEach(p, procs) {
		ct_export_lives(t, p);
		read += ct_export_image(t, c->dir, p) == 0;
	}
	ct_export_ready(t, c->rec);
	if (!read) {
		ct_msg("no readable event log (*.ctlog) for the processes of '%s'", c->path);
		return CT_STATUS_USAGE;
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

int ct_export_write(const char *dir, const char *def_name, const char *out_path,
		    ct_xwriter fn, void *arg)
{
	char def[4200], what[200] = "";
	FILE *out = stdout;
	int rc;

	if (!out_path) {
		snprintf(def, sizeof(def), "%s/%s", dir, def_name);
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
	rc = fn(out, arg, what, sizeof(what));
	if (out != stdout && fclose(out) != 0)
		rc = -1;
	if (rc < 0) {
		ct_msg("cannot write '%s': %s", out_path, strerror(errno));
		if (out != stdout)
			unlink(out_path);
		return CT_STATUS_TOOL;
	}
	if (out != stdout)
		ct_msg("wrote %s %s", out_path, what);
	return 0;
}

struct ct_chrome {
	struct ct_trace *t;
	const cJSON *rec;
};

static int ct_chrome_write(FILE *out, void *arg, char *what, size_t n)
{
	struct ct_chrome *x = arg;

	snprintf(what, n, "(%zu events%s); open it in https://ui.perfetto.dev or chrome://tracing",
		 x->t->n, x->t->aggregated ? ", file-system calls as counters" : "");
	return ct_trace_write(out, x->t, x->rec);
}

static int ct_export_chrome(const struct ct_xopts *o, const struct ct_rctx *c)
{
	struct ct_trace t;
	struct ct_chrome x = { &t, c->rec };
	int rc = CT_STATUS_USAGE;

	memset(&t, 0, sizeof(t));
	t.max_fs = o->max_fs;
	t.meta = cJSON_CreateArray();
	if (t.meta)
		rc = ct_collect(&t, c);
	if (!rc)
		rc = ct_export_write(c->dir, "trace.json", o->out, ct_chrome_write, &x);
	ct_trace_free(&t);
	return rc;
}

int ct_cmd_export(int argc, char **argv)
{
	struct ct_xopts o = { 0, NULL, CT_EXPORT_FS_DEFAULT, NULL };
	struct ct_ropts ro = { .top = 1 };
	struct ct_rctx c;
	int rc = ct_export_opts(argc, argv, &o);

	if (rc >= 0)
		return rc;
	if (o.fmt == 'o')
		return ct_export_otlp(o.run, o.out);
	memset(&c, 0, sizeof(c));
	c.o = &ro;
	rc = ct_report_load(&c, o.run);
	if (!rc)
		rc = o.fmt == 'c' ? ct_export_chrome(&o, &c) : ct_export_perfetto(&c, o.out);
	ct_report_free(&c);
	return rc;
}
