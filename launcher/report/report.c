/*
 * report.c -- `coldtrace report [RUN_DIR | record.json]`: options, and the
 * sections in order (text) or as one JSON object (--json), or three tables
 * of that object (--markdown, --csv: report_export.c).
 *
 * Exit status: 0, 2 for a usage error or a run that cannot be read (one
 * "coldtrace: ..." line).  Never: output on stdout before the record is
 * known to be readable, so a failure never leaves half a report.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cmds.h"
#include "lib/fmt.h"
#include "lib/json.h"
#include "lib/msg.h"
#include "lib/self.h"
#include "lib/arena.h"
#include "report.h"

#define CT_REPORT_USAGE "usage: coldtrace report [--json | --markdown | --csv] [--top N] " \
	"[--pid PID] [--libs] [--short] [--html [-o FILE]] [RUN_DIR | record.json]"
#define CT_REPORT_EXAMPLE "e.g. coldtrace report --top 20 runs/20250101T120000.000Z-python3"

struct ct_section {
	const char *key;
	cJSON *(*build)(const struct ct_rctx *c);
	void (*show)(FILE *out, const cJSON *s, const struct ct_rctx *c);
	int brief;              /* part of the short form */
};

static const struct ct_section ct_sections[] = {
	{ "overview", ct_rsec_overview, ct_rshow_overview, 1 },
	{ "time", ct_rsec_time, ct_rshow_time, 1 },
	{ "waiting", ct_rsec_wait, ct_rshow_wait, 0 },
	{ "imports", ct_rsec_imports, ct_rshow_imports, 1 },
	{ "libraries", ct_rsec_libs, ct_rshow_libs, 1 },
	{ "native_init", ct_rsec_native, ct_rshow_native, 0 },
	{ "cuda", ct_rsec_cuda, ct_rshow_cuda, 1 },
	{ "filesystem", ct_rsec_fs, ct_rshow_fs, 0 },
	{ "processes", ct_rsec_tree, ct_rshow_tree, 0 },
};

#define CT_NSECTIONS (sizeof(ct_sections) / sizeof(ct_sections[0]))

static void ct_report_help(void)
{
	printf("%s\n\n"
	       "Answers, from a run's record.json (never its event logs): where the time went,\n"
	       "which imports and shared objects cost it, whether CUDA was really loaded,\n"
	       "the file-system shape, and the process/thread tree.  Without a run: the\n"
	       "newest under $COLDTRACE_DIR or ./runs.  A series directory (ct-launch -n N)\n"
	       "gets the series report: docs/series.md.\n\n"
	       "  --json       the report as one JSON object (schema %s)\n"
	       "  --markdown   its time, imports and libraries tables in Markdown (for a PR)\n"
	       "  --csv        the same tables as CSV (the same numbers as --json)\n"
	       "  --top N      rows per list (default 10; 5 with --short)\n"
	       "  --pid PID    only that process (all its exec images)\n"
	       "  --libs       list every shared object\n"
	       "  --short      the summary ct-launch prints at the end of a run\n"
	       "  --html       one self-contained HTML page instead (--html --help)\n\n%s\n",
	       CT_REPORT_USAGE, CT_REPORT_SCHEMA, CT_REPORT_EXAMPLE);
}

static int ct_posint(const char *s, const char *opt, int *out)
{
	char *end;
	long v = strtol(s, &end, 10);

	if (*s && !*end && v > 0 && v <= 2147483647L) {
		*out = (int)v;
		return 0;
	}
	ct_usage_error(CT_REPORT_EXAMPLE, "%s takes a positive number, not '%s'", opt, s);
	return CT_STATUS_USAGE;
}

int ct_report_opts(int argc, char **argv, struct ct_ropts *o, const char **run)
{
	static const struct option lo[] = {
		{ "json", no_argument, NULL, 'j' }, { "top", required_argument, NULL, 'n' },
		{ "pid", required_argument, NULL, 'p' }, { "libs", no_argument, NULL, 'l' },
		{ "short", no_argument, NULL, 's' }, { "help", no_argument, NULL, 'h' },
		{ "markdown", no_argument, NULL, 'M' }, { "csv", no_argument, NULL, 'C' },
		{ NULL, 0, NULL, 0 },
	};
	int ch;

	optind = 1;
	opterr = 0;
	while ((ch = getopt_long(argc, argv, "h", lo, NULL)) != -1) {
		if (ch == 'j' || ch == 'l' || ch == 's')
			*(ch == 'j' ? &o->json : ch == 'l' ? &o->libs : &o->brief) = 1;
		else if ((ch == 'n' && ct_posint(optarg, "--top", &o->top)) ||
			 (ch == 'p' && ct_posint(optarg, "--pid", &o->pid)))
			return CT_STATUS_USAGE;
		else if (ch == 'M' || ch == 'C')
			*(ch == 'M' ? &o->markdown : &o->csv) = 1;
		else if (ch == 'h')
			return ct_report_help(), 0;
		else if (ch != 'n' && ch != 'p')
			return ct_usage_error(CT_REPORT_USAGE, "unknown option '%s'",
					      argv[optind - 1]), CT_STATUS_USAGE;
	}
	if (o->json + o->markdown + o->csv > 1)
		return ct_msg("%s", CT_REPORT_ONE_OUTPUT), CT_STATUS_USAGE;
	if (argc - optind > 1)
		return ct_usage_error(CT_REPORT_USAGE, "one run at a time ('%s' and '%s' given)",
				      argv[optind], argv[optind + 1]), CT_STATUS_USAGE;
	*run = optind < argc ? argv[optind] : NULL;
	return -1;
}

cJSON *ct_report_sections(const struct ct_rctx *c)
{
	cJSON *o = cJSON_CreateObject();
	size_t i;

	ct_add_str(o, "schema", CT_REPORT_SCHEMA);
	for (i = 0; i < CT_NSECTIONS; i++)
		if (!c->o->brief || ct_sections[i].brief)
			ct_add_item(o, ct_sections[i].key, ct_sections[i].build(c));
	return o;
}

/* --json, or the tables of that same JSON (--markdown, --csv). */
static int ct_report_json(FILE *out, const struct ct_rctx *c)
{
	cJSON *o = ct_report_sections(c);
	char *text = NULL;
	int rc = 0;

	if (c->o->markdown || c->o->csv)
		(c->o->csv ? ct_report_csv : ct_report_markdown)(out, o);
	else if (!(text = ct_json_print(o)) || fprintf(out, "%s\n", text) < 0)
		rc = CT_STATUS_TOOL;
	free(text);
	cJSON_Delete(o);
	return rc;
}

static void ct_report_text(FILE *out, const struct ct_rctx *c)
{
	char dir[sizeof(c->dir) * 4 + 3];
	cJSON *s;
	size_t i;

	for (i = 0; i < CT_NSECTIONS; i++) {
		if (c->o->brief && !ct_sections[i].brief)
			continue;
		s = ct_sections[i].build(c);
		if (s)
			ct_sections[i].show(out, s, c);
		cJSON_Delete(s);
	}
	if (c->o->brief)
		fprintf(out, "\nfull report: %s report %s\n", ct_self(),
			ct_shq(c->dir, dir, sizeof(dir)));
}

/* Every cJSON item of a report (the parsed record, the sections) lives in
 * one arena: parsing a large record is a node per value. */
static int ct_report_run(const char *run, const struct ct_ropts *o, FILE *out)
{
	struct ct_rctx c;
	int rc;

	memset(&c, 0, sizeof(c));
	c.o = o;
	ct_arena_begin();
	rc = ct_report_load(&c, run);
	if (!rc) {
		ct_fmt_colour_init(out);
		if (o->json || o->markdown || o->csv)
			rc = ct_report_json(out, &c);
		else
			ct_report_text(out, &c);
	}
	ct_report_free(&c);
	ct_arena_end();
	return rc;
}

int ct_cmd_report(int argc, char **argv)
{
	struct ct_ropts o = { .top = 0 };
	const char *run = NULL;
	int rc = ct_report_opts(argc, argv, &o, &run);

	if (rc >= 0)
		return rc;
	if (!o.top)
		o.top = o.brief ? 5 : 10;
	return ct_report_run(run, &o, stdout);
}

int ct_report_short(const char *rundir, FILE *out)
{
	struct ct_ropts o = { .top = 5, .brief = 1 };

	return ct_report_run(rundir, &o, out);
}
