/*
 * diff.c -- `coldtrace diff A B`: options, the sections in order (text),
 * as one JSON object (--json) or as a page (--html), and the gates.
 *
 * Exit status: 0; 1 when a --fail-if gate failed, whatever the output;
 * 2 for a usage error, a side that cannot be read, a gate that names
 * nothing or a page that cannot go where -o says (one "coldtrace: ..."
 * line); 125 when the output cannot be written.  Never: output on stdout
 * before both sides are known to be readable and every gate to be
 * well-formed.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cmds.h"
#include "lib/arena.h"
#include "lib/fmt.h"
#include "lib/json.h"
#include "lib/msg.h"
#include "html/diffpage.h"
#include "diff.h"

#define CT_DIFF_USAGE "usage: coldtrace diff [--json | --markdown | --csv | --html [-o FILE]] [--top N] " \
	"[--min-change PCT] [--fail-if EXPR]... A B"
#define CT_DIFF_EXAMPLE "e.g. coldtrace diff --fail-if 'wall>+10%' runs/before runs/after"
#define CT_DIFF_HTML_EXAMPLE "e.g. coldtrace diff --html -o /tmp/diff.html runs/before runs/after"

struct ct_dsection {
	const char *key;
	cJSON *(*build)(const struct ct_dctx *c);
	void (*show)(FILE *out, const cJSON *s);
};

static const struct ct_dsection ct_dsections[] = {
	{ "headline", ct_dsec_headline, ct_dshow_headline },
	{ "libraries", ct_dsec_libs, ct_dshow_libs },
	{ "imports", ct_dsec_imports, ct_dshow_imports },
	{ "filesystem", ct_dsec_fs, ct_dshow_fs },
	{ "processes", ct_dsec_procs, ct_dshow_procs },
	{ "cuda", ct_dsec_cuda, ct_dshow_cuda },
	{ "context", ct_dsec_context, ct_dshow_context },
};

#define CT_DNSECTIONS (sizeof(ct_dsections) / sizeof(ct_dsections[0]))

static void ct_diff_help(void)
{
	printf("%s\n\n"
	       "What changed between two runs or two series, from their records only:\n"
	       "the headline numbers, shared objects, Python imports, file-system and call\n"
	       "shape, processes and threads, the CUDA verdict and the context.  A and B\n"
	       "are each a run directory, a record.json or a series directory.  Sets are\n"
	       "compared exactly; numbers of single runs are shown, never called\n"
	       "significant; between series: %s.\n\n"
	       "  --json            the diff as one JSON object (schema %s)\n"
	       "  --markdown        the headline as a Markdown table (for a pull request)\n"
	       "  --csv             the headline's numbers as CSV (the same numbers as --json)\n"
	       "  --html            the diff as one offline HTML page, with both timelines\n"
	       "  -o, --output FILE where --html writes it (default B's directory, diff.html)\n"
	       "  --top N           rows per list (default 10)\n"
	       "  --min-change PCT  smallest relative change called significant (default 5)\n"
	       "  --fail-if EXPR    exit 1 when EXPR holds (repeatable; docs/diff.md):\n"
	       "                    wall>+10%%  rss>+20MiB  libraries.added>0  cuda.verdict!=same\n\n"
	       "%s\n", CT_DIFF_USAGE, CT_DIFF_METHOD, CT_DIFF_SCHEMA, CT_DIFF_EXAMPLE);
}

static int ct_dnumber(const char *s, const char *opt, double lo, double *out)
{
	char *end;
	double v = strtod(s, &end);

	if (*s && !*end && v >= lo && v <= 1e9) {
		*out = v;
		return 0;
	}
	ct_usage_error(CT_DIFF_EXAMPLE, "%s takes a number of at least %g, not '%s'", opt, lo, s);
	return CT_STATUS_USAGE;
}

static int ct_dopt(int ch, struct ct_dopts *o, char **argv)
{
	double v;

	if (ch == 'j')
		o->json = 1;
	else if (ch == 'M')
		o->markdown = 1;
	else if (ch == 'C')
		o->csv = 1;
	else if (ch == 'H')
		o->html = 1;
	else if (ch == 'o')
		o->page = optarg;
	else if (ch == 'n' && !ct_dnumber(optarg, "--top", 1, &v))
		o->top = (int)v;
	else if (ch == 'm' && !ct_dnumber(optarg, "--min-change", 0, &v))
		o->min_rel = v / 100;
	else if (ch == 'f' && !ct_dgate_parse(optarg))
		o->gates[o->ngates++] = optarg;
	else if (ch == 'h')
		return ct_diff_help(), 0;
	else if (ch == ':')
		return ct_usage_error(optopt == 'o' ? CT_DIFF_HTML_EXAMPLE : CT_DIFF_EXAMPLE,
				      "%s takes a value", argv[optind - 1]), CT_STATUS_USAGE;
	else if (ch != 'n' && ch != 'm' && ch != 'f')
		return ct_usage_error(CT_DIFF_USAGE, "unknown option '%s'", argv[optind - 1]), CT_STATUS_USAGE;
	else
		return CT_STATUS_USAGE;
	return -1;
}

/* -1 to go on, else the exit status. */
static int ct_diff_opts(int argc, char **argv, struct ct_dopts *o)
{
	static const struct option lo[] = {
		{ "json", no_argument, NULL, 'j' }, { "top", required_argument, NULL, 'n' },
		{ "min-change", required_argument, NULL, 'm' },
		{ "fail-if", required_argument, NULL, 'f' }, { "help", no_argument, NULL, 'h' },
		{ "html", no_argument, NULL, 'H' }, { "output", required_argument, NULL, 'o' },
		{ "markdown", no_argument, NULL, 'M' }, { "csv", no_argument, NULL, 'C' },
		{ NULL, 0, NULL, 0 },
	};
	int ch, rc;

	optind = 1;
	opterr = 0;
	while ((ch = getopt_long(argc, argv, ":ho:", lo, NULL)) != -1)
		if ((rc = ct_dopt(ch, o, argv)) >= 0)
			return rc;
	if (o->page && !o->html)
		return ct_usage_error(CT_DIFF_HTML_EXAMPLE, "-o names the page of --html"), CT_STATUS_USAGE;
	if (o->html + o->json + o->markdown + o->csv > 1)
		return ct_usage_error(CT_DIFF_HTML_EXAMPLE, "--html, --json, --markdown and --csv: "
				      "one output at a time"), CT_STATUS_USAGE;
	if (argc - optind != 2)
		return ct_usage_error(CT_DIFF_USAGE, "two runs to compare (%d given)",
				      argc - optind), CT_STATUS_USAGE;
	return -1;
}

static cJSON *ct_dside_json(const struct ct_dside *s)
{
	cJSON *o = cJSON_CreateObject();

	ct_add_str(o, "path", s->arg);
	cJSON_AddNumberToObject(o, "runs", (double)s->n);
	ct_add_bool(o, "series", s->series);
	ct_add_str(o, "median_record", s->run[ct_diff_median(s)].path);
	return o;
}

/* The whole diff as one object; NULL after one line when a gate names
 * what neither side has.  *failed: a gate failed. */
static cJSON *ct_diff_doc(const struct ct_dctx *c, int *failed)
{
	cJSON *doc = cJSON_CreateObject(), *gates;
	size_t i;

	cJSON_AddStringToObject(doc, "schema", CT_DIFF_SCHEMA);
	ct_add_item(doc, "a", ct_dside_json(&c->s[0]));
	ct_add_item(doc, "b", ct_dside_json(&c->s[1]));
	for (i = 0; i < CT_DNSECTIONS; i++)
		ct_add_item(doc, ct_dsections[i].key, ct_dsections[i].build(c));
	ct_add_item(doc, "summary", ct_dsec_summary(doc));
	if (!(gates = ct_dgate_check(c, doc, failed))) {
		cJSON_Delete(doc);
		return NULL;
	}
	ct_add_item(doc, "gates", gates);
	return doc;
}

static int ct_diff_print(FILE *out, const cJSON *doc, const struct ct_dopts *o)
{
	char *text;
	size_t i;
	int rc = 0;

	if (o->markdown || o->csv) {
		(o->csv ? ct_diff_csv : ct_diff_markdown)(out, doc);
		return ferror(out) ? CT_STATUS_TOOL : 0;
	}
	if (o->json) {
		text = ct_json_print(doc);
		if (!text || fprintf(out, "%s\n", text) < 0)
			rc = CT_STATUS_TOOL;
		free(text);
		return rc;
	}
	ct_dshow_summary(out, doc);
	for (i = 0; i < CT_DNSECTIONS; i++)
		ct_dsections[i].show(out, ct_rget(doc, ct_dsections[i].key));
	ct_dshow_gates(out, ct_rget(doc, "gates"));
	return 0;
}

/* The page (-o, else B's directory: a run's, a series', a record's),
 * then its path and the gates on out. */
static int ct_diff_html(const struct ct_dctx *c, const cJSON *doc, FILE *out)
{
	const struct ct_dside *a = &c->s[0], *b = &c->s[1];
	const char *file = c->o->page;
	char def[4200];
	int rc;

	if (!file) {
		snprintf(def, sizeof(def), "%s/diff.html", b->series ? b->arg : b->run[0].dir);
		file = def;
	}
	rc = ct_html_diff_write(doc, &a->run[ct_diff_median(a)], &b->run[ct_diff_median(b)], file);
	if (!rc) {
		fprintf(out, "%s\n", file);
		ct_dshow_gates(out, ct_rget(doc, "gates"));
	}
	return rc;
}

static int ct_diff_run(const char *a, const char *b, const struct ct_dopts *o, FILE *out)
{
	struct ct_dctx c;
	cJSON *doc = NULL;
	int rc, failed = 0;

	memset(&c, 0, sizeof(c));
	c.o = o;
	ct_arena_begin();
	rc = ct_diff_load(&c.s[0], a);
	if (!rc)
		rc = ct_diff_load(&c.s[1], b);
	if (!rc)
		ct_dpairs_pick(&c);
	if (!rc && !(doc = ct_diff_doc(&c, &failed)))
		rc = CT_STATUS_USAGE;
	if (!rc) {
		ct_fmt_colour_init(out);
		ct_dshow_set_top(o->top);
		rc = o->html ? ct_diff_html(&c, doc, out) : ct_diff_print(out, doc, o);
		if (!rc && failed)
			rc = 1;
	}
	cJSON_Delete(doc);
	ct_diff_free(&c.s[0]);
	ct_diff_free(&c.s[1]);
	ct_arena_end();
	return rc;
}

int ct_cmd_diff(int argc, char **argv)
{
	struct ct_dopts o = { .top = 10, .min_rel = 0.05, .rss_min_kb = 1024 };
	int rc;

	o.gates = calloc((size_t)argc + 1, sizeof(*o.gates));
	if (!o.gates) {
		ct_msg("cannot start: out of memory");
		return CT_STATUS_TOOL;
	}
	rc = ct_diff_opts(argc, argv, &o);
	if (rc < 0)
		rc = ct_diff_run(argv[optind], argv[optind + 1], &o, stdout);
	free(o.gates);
	return rc;
}
