/*
 * html_series_tables.c -- the series page's tables after the metrics: the
 * runs (one row each, the median runs linked to their pages), the imports
 * present in every run and the shared objects whose dlopen read from
 * storage (the series report's imports and libraries sections), and the
 * definitions of the statistics, as series.json states them.
 */
#include <string.h>

#include "html.h"

/* A row key of series.json's runs[], and its column heading. */
static const char *const ct_srun_cols[][2] = {
	{ "wall_ms", "wall" }, { "user_ms", "user" }, { "sys_ms", "sys" },
	{ "peak_rss_kb", "peak RSS" }, { "major_faults", "major faults" },
	{ "read_bytes", "read from storage" }, { "libraries", "libraries" },
	{ "imports", "imports" },
};
#define CT_NSRUN_COLS (sizeof(ct_srun_cols) / sizeof(ct_srun_cols[0]))

static void ct_val_td(FILE *out, const char *m, const cJSON *o, const char *key)
{
	char buf[48];
	double v;

	fprintf(out, "<td class=n>%s</td>", ct_html_snum(o, key, &v) ?
		ct_html_sfmt(buf, sizeof(buf), m, v, 0) : "-");
}

/* "MEDIAN [MIN - MAX]" of a statistics object, or "-". */
static void ct_stat_td(FILE *out, const char *m, const cJSON *st)
{
	char a[48], b[48], c[48];
	double med, lo, hi;

	if (!ct_html_snum(st, "median", &med) || !ct_html_snum(st, "min", &lo) ||
	    !ct_html_snum(st, "max", &hi)) {
		fputs("<td class=n>-</td>", out);
		return;
	}
	fprintf(out, "<td class=n>%s <small>[%s \xe2\x80\x93 %s]</small></td>",
		ct_html_sfmt(a, sizeof(a), m, med, 0), ct_html_sfmt(b, sizeof(b), m, lo, 0),
		ct_html_sfmt(c, sizeof(c), m, hi, 0));
}

/* The link to r's page when r is a group's median run that has one. */
static const char *ct_srun_href(const struct ct_spage *sp, const cJSON *r)
{
	size_t g;

	for (g = 0; g < sp->ngroup; g++)
		if (sp->med[g] == r && sp->href[g][0])
			return sp->href[g];
	return NULL;
}

static void ct_srun_row(const struct ct_spage *sp, const cJSON *r)
{
	const char *href = ct_srun_href(sp, r);
	FILE *out = sp->out;
	size_t i;

	fprintf(out, "<tr data-run=%lld><td>", (long long)ct_rint(r, "index"));
	if (href) {
		fputs("<a class=runlink href=\"", out);
		ct_html_url(out, href);
		fputs("\">", out);
	}
	ct_html_text(out, ct_rstr(r, "dir"));
	fputs(href ? "</a> (median)</td><td>" : "</td><td>", out);
	fputs("<i class=\"sw g-", out);
	ct_html_token(out, ct_rstr(r, "group"));
	fputs("\"></i>", out);
	ct_html_text(out, ct_rstr(r, "group"));
	fprintf(out, "</td><td class=n>%lld%s</td>", (long long)ct_rint(r, "status"),
		cJSON_IsTrue(ct_rget(r, "interrupted")) ? " (interrupted)" : "");
	for (i = 0; i < CT_NSRUN_COLS; i++)
		ct_val_td(out, ct_srun_cols[i][0], r, ct_srun_cols[i][0]);
	ct_html_str_td(out, ct_rstr(r, "error"));
	fputs("</tr>\n", out);
}

void ct_html_runs(struct ct_spage *sp)
{
	const cJSON *r;
	size_t i;

	fputs("<section id=runs>\n<h2>Runs</h2>\n<table class=runs id=ct-runs><thead><tr>"
	      "<th>run</th><th>group</th><th>exit status</th>", sp->out);
	for (i = 0; i < CT_NSRUN_COLS; i++)
		fprintf(sp->out, "<th>%s</th>", ct_srun_cols[i][1]);
	fputs("<th>error</th></tr></thead>\n<tbody>\n", sp->out);
	cJSON_ArrayForEach(r, ct_rget(sp->ser, "runs"))
		ct_srun_row(sp, r);
	fputs("</tbody></table>\n</section>\n", sp->out);
}

static void ct_imports_table(const struct ct_spage *sp)
{
	const cJSON *x;

	fputs("<h2>Imports in every run</h2>\n<p class=note>By median cumulative time; "
	      "median [min \xe2\x80\x93 max] over the runs.</p>\n<table class=runs id=ct-simports>"
	      "<thead><tr><th>module</th><th>cumulative</th><th>self</th><th>major faults</th>"
	      "</tr></thead>\n<tbody>\n", sp->out);
	cJSON_ArrayForEach(x, ct_rget(sp->rep, "imports")) {
		fputs("<tr>", sp->out);
		ct_html_str_td(sp->out, ct_rstr(x, "module"));
		ct_stat_td(sp->out, "cumulative_us", ct_rget(x, "cumulative_us"));
		ct_stat_td(sp->out, "self_us", ct_rget(x, "self_us"));
		ct_stat_td(sp->out, "major_faults", ct_rget(x, "major_faults"));
		fputs("</tr>\n", sp->out);
	}
	fputs("</tbody></table>\n", sp->out);
}

/* A per-object section of the series report (key: libraries or
 * constructors) as a table, a column per group; m: the figure's unit
 * for ct_html_sfmt().  Nothing when the section is empty. */
static void ct_objects_table(const struct ct_spage *sp, const char *key, const char *title,
			     const char *id, const char *m)
{
	const cJSON *x;
	size_t g;

	if (!cJSON_GetArraySize(ct_rget(sp->rep, key)))
		return;
	fprintf(sp->out, "<h2>%s</h2>\n<table class=runs id=%s><thead><tr><th>object</th>",
		title, id);
	for (g = 0; g < sp->ngroup; g++)
		fprintf(sp->out, "<th>%s</th>", sp->group[g]);
	fputs("</tr></thead>\n<tbody>\n", sp->out);
	cJSON_ArrayForEach(x, ct_rget(sp->rep, key)) {
		fputs("<tr><td class=path>", sp->out);
		ct_html_text(sp->out, ct_rstr(x, "path"));
		fputs("</td>", sp->out);
		for (g = 0; g < sp->ngroup; g++)
			ct_stat_td(sp->out, m, ct_rget(x, sp->group[g]));
		fputs("</tr>\n", sp->out);
	}
	fputs("</tbody></table>\n", sp->out);
}

void ct_html_simports(struct ct_spage *sp)
{
	const cJSON *d;

	fputs("<section id=simports>\n", sp->out);
	ct_imports_table(sp);
	ct_objects_table(sp, "libraries", "Shared objects by storage read during their dlopen",
			 "ct-sobjects", "read_bytes");
	ct_objects_table(sp, "constructors", "Shared objects by their initialisers' own time "
			 "(--loader)", "ct-sctors", "constructors_ns");
	fputs("</section>\n<section id=defs>\n<h2>Definitions</h2>\n<table class=kv>\n", sp->out);
	cJSON_ArrayForEach(d, ct_rget(sp->ser, "definitions"))
		if (cJSON_IsString(d))
			ct_html_kv(sp->out, d->string, d->valuestring);
	fputs("</table>\n</section>\n", sp->out);
}
