/*
 * html.c -- `coldtrace report --html [-o FILE] [RUN_DIR | record.json |
 * SERIES_DIR | series.json]`: one self-contained page of a run (default
 * RUN_DIR/report.html), or of a series (html_series.c).
 *
 * The page is written to FILE.tmp.<pid> and renamed over FILE, so a reader
 * never sees half a page.  It names no resource outside itself (its
 * Content-Security-Policy forbids any), so it opens from file:// on a
 * machine without network.  Exit status: 0; 2 for a usage error, a run
 * or series that cannot be read, or a page that cannot be made (no such
 * directory, not writable); 125 when writing it fails after that (one
 * "coldtrace: ..." line each).
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmds.h"
#include "lib/arena.h"
#include "lib/msg.h"
#include "lib/outpath.h"
#include "series/load.h"
#include "html.h"

#define CT_HTML_USAGE "usage: coldtrace report --html [-o FILE] [RUN_DIR | record.json | SERIES_DIR]"
#define CT_HTML_EXAMPLE "e.g. coldtrace report --html -o /tmp/torch.html runs/20250101T120000.000Z-python3"
#define CT_HTML_SCHEMA "coldtrace.html.v2"

static void ct_html_help(void)
{
	printf("%s\n\n"
	       "Writes one HTML file that needs nothing else: the run's header and answers,\n"
	       "where the time went, a timeline of every traced process (imports as nested\n"
	       "bars, dlopen and file-system intervals inside them, thread and child lanes;\n"
	       "hover, zoom, search), and the shared-object, import and file-system tables.\n"
	       "It reads record.json only.  Of a series (ct-launch -n N): each metric's runs\n"
	       "as dots, cold and warm, with medians, intervals and the cold penalty, and the\n"
	       "median runs' own pages a click away; it reads series.json (and the median\n"
	       "runs' records).  Without an argument: the newest run or series under\n"
	       "$COLDTRACE_DIR or ./runs.\n\n"
	       "  -o, --output FILE   where to write it (default RUN_DIR/report.html,\n"
	       "                      SERIES_DIR/report.html)\n\n%s\n",
	       CT_HTML_USAGE, CT_HTML_EXAMPLE);
}

/* -1 to go on, else the exit status. */
static int ct_html_opts(int argc, char **argv, const char **run, const char **file)
{
	static const struct option lo[] = {
		{ "html", no_argument, NULL, 'H' }, { "output", required_argument, NULL, 'o' },
		{ "help", no_argument, NULL, 'h' }, { "json", no_argument, NULL, 'X' },
		{ "markdown", no_argument, NULL, 'X' }, { "csv", no_argument, NULL, 'X' },
		{ NULL, 0, NULL, 0 },
	};
	int ch;

	optind = 1;
	opterr = 0;
	while ((ch = getopt_long(argc, argv, ":ho:", lo, NULL)) != -1) {
		if (ch == 'o')
			*file = optarg;
		else if (ch == 'h')
			return ct_html_help(), 0;
		else if (ch == 'X')
			return ct_msg("%s", CT_REPORT_ONE_OUTPUT), CT_STATUS_USAGE;
		else if (ch == ':')
			return ct_usage_error(CT_HTML_EXAMPLE, "%s takes a file name",
					      argv[optind - 1]), CT_STATUS_USAGE;
		else if (ch != 'H')
			return ct_usage_error(CT_HTML_USAGE, "unknown option '%s'",
					      argv[optind - 1]), CT_STATUS_USAGE;
	}
	if (argc - optind > 1)
		return ct_usage_error(CT_HTML_USAGE, "one run or series at a time ('%s' and '%s' given)",
				      argv[optind], argv[optind + 1]), CT_STATUS_USAGE;
	*run = optind < argc ? argv[optind] : NULL;
	return -1;
}

void ct_html_open(FILE *out, const char *title, const char *css)
{
	fputs("<!DOCTYPE html>\n<html lang=en><head><meta charset=utf-8>\n"
	      "<meta http-equiv=Content-Security-Policy content=\"default-src 'none'; "
	      "style-src 'unsafe-inline'; script-src 'unsafe-inline'\">\n"
	      "<meta name=viewport content=\"width=device-width\">\n<title>coldtrace: ", out);
	ct_html_text(out, title);
	fprintf(out, "</title>\n<style>\n%s%s</style>\n</head>\n<body>\n", ct_html_page_css,
		css ? css : "");
}

void ct_html_close(FILE *out, cJSON *data, const char *js)
{
	fputs("<script type=\"application/json\" id=ct-data>", out);
	ct_html_json(out, data);
	fprintf(out, "</script>\n<script>\n%s</script>\n</body></html>\n", js);
	cJSON_Delete(data);
}

/* The data block the script reads: the timeline's scale and the details
 * of every bar (data-i indexes bars); the tables are in the markup. */
static cJSON *ct_html_data(const struct ct_page *pg)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddStringToObject(o, "schema", CT_HTML_SCHEMA);
	cJSON_AddNumberToObject(o, "t0_ns", (double)pg->t0);
	cJSON_AddNumberToObject(o, "t1_ns", (double)pg->t1);
	ct_html_bars_add(o, pg->bars);
	return o;
}

static void ct_html_page(FILE *out, void *arg)
{
	struct ct_page *pg = arg;
	const char *cmd = ct_rstr(ct_rget(pg->report, "overview"), "command");

	pg->out = out;
	ct_html_open(out, cmd ? cmd : "run", NULL);
	ct_html_head(pg);
	ct_html_time(pg);
	ct_html_timeline(pg);
	ct_html_libs(pg);
	ct_html_imports(pg);
	ct_html_fs(pg);
	ct_html_close(out, ct_html_data(pg), ct_html_page_js);
}

int ct_html_file(const char *file, void (*write)(FILE *out, void *arg), void *arg)
{
	char tmp[4200];
	FILE *out;

	if (ct_outpath_check(file, "the page") < 0)
		return CT_STATUS_USAGE;
	if ((size_t)snprintf(tmp, sizeof(tmp), "%s.tmp.%d", file, (int)getpid()) >= sizeof(tmp)) {
		ct_msg("cannot write '%s': %s", file, strerror(ENAMETOOLONG));
		return CT_STATUS_TOOL;
	}
	out = fopen(tmp, "w");
	if (!out) {
		ct_msg("cannot write the page '%s': %s", file, strerror(errno));
		return CT_STATUS_USAGE;   /* not writable: as ct_outpath_check's */
	}
	write(out, arg);
	if (ferror(out) | fclose(out) || rename(tmp, file) < 0) {
		ct_msg("cannot write '%s': %s", file, strerror(errno));
		unlink(tmp);
		return CT_STATUS_TOOL;
	}
	return 0;
}

static int ct_html_write(const struct ct_rctx *c, const char *file)
{
	struct ct_bars bars;
	struct ct_page pg = { .c = c, .idp = "p-", .bars = &bars };
	int rc;

	ct_html_bars_init(&bars, 1);
	pg.report = ct_report_sections(c);
	rc = ct_html_file(file, ct_html_page, &pg);
	cJSON_Delete(pg.report);
	ct_html_bars_free(&bars);
	return rc;
}

int ct_html_run(const char *run, const char *file, char *path, size_t n)
{
	struct ct_ropts o = { .top = 50, .libs = 1 };
	struct ct_rctx c;
	int rc;

	memset(&c, 0, sizeof(c));
	c.o = &o;
	ct_arena_begin();
	rc = ct_report_load(&c, run);
	if (!rc) {
		if (file)
			snprintf(path, n, "%s", file);
		else
			snprintf(path, n, "%s/report.html", c.dir);
		rc = ct_html_write(&c, path);
	}
	ct_report_free(&c);
	ct_arena_end();
	return rc;
}

int ct_cmd_html(int argc, char **argv)
{
	const char *arg = NULL, *file = NULL;
	char *series, path[4200];
	int rc = ct_html_opts(argc, argv, &arg, &file);

	if (rc >= 0)
		return rc;
	series = ct_series_resolve(arg);
	if (series)
		rc = ct_html_series(series, file, path, sizeof(path));
	else
		rc = ct_html_run(arg, file, path, sizeof(path));
	if (!rc)
		printf("%s\n", path);
	free(series);
	return rc;
}
