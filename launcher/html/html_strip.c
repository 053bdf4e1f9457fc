/*
 * html_strip.c -- the series page's metrics: one table row per metric of
 * series.json, holding a strip plot (one dot per run, a row of dots per
 * group, the group's median as a line over the interval of the median
 * as a band) drawn here as inline SVG, and the same numbers beside it: a
 * line per group of median, interval, min-max and n, then the cold
 * penalty with its interval.
 *
 * The dots are the runs the statistics use: not interrupted, with a value.
 * Each plot has its own scale, the range of its dots and intervals.
 * Never: a dot without data-run (its run's index), by which the script
 * marks one run in every plot.
 */
#include <math.h>
#include <string.h>

#include "html.h"

#define CT_W 240.0      /* plot width */
#define CT_PAD 8.0      /* room for a dot at either end */
#define CT_ROW 16.0     /* height of a group's row */
#define CT_AXIS 12.0    /* the labels under the rows */

struct ct_scale {
	double lo, hi;
};

static int ct_in_group(const cJSON *r, const char *group)
{
	return ct_rstr(r, "group") && !strcmp(ct_rstr(r, "group"), group);
}

/* r's value of metric m, when r is one of the metric's dots. */
static int ct_dot(const cJSON *r, const char *m, double *v)
{
	return !cJSON_IsTrue(ct_rget(r, "interrupted")) && ct_html_snum(r, m, v);
}

static void ct_widen(struct ct_scale *s, const cJSON *o, const char *key)
{
	double v;

	if (ct_html_snum(o, key, &v)) {
		s->lo = fmin(s->lo, v);
		s->hi = fmax(s->hi, v);
	}
}

static void ct_scale_of(const struct ct_spage *sp, const cJSON *met, const char *m,
			struct ct_scale *s)
{
	const cJSON *r, *st;
	double v;
	size_t g;

	s->lo = INFINITY;
	s->hi = -INFINITY;
	for (g = 0; g < sp->ngroup; g++) {
		st = ct_rget(met, sp->group[g]);
		ct_widen(s, st, "median");
		ct_widen(s, ct_rget(st, "median_ci"), "low");
		ct_widen(s, ct_rget(st, "median_ci"), "high");
		cJSON_ArrayForEach(r, ct_rget(sp->ser, "runs"))
			if (ct_in_group(r, sp->group[g]) && ct_dot(r, m, &v)) {
				s->lo = fmin(s->lo, v);
				s->hi = fmax(s->hi, v);
			}
	}
}

/* Values are within +-2^60 (ct_html_snum), so hi - lo is finite. */
static double ct_x(const struct ct_scale *s, double v)
{
	if (!(s->hi > s->lo))
		return CT_W / 2;
	return CT_PAD + (v - s->lo) / (s->hi - s->lo) * (CT_W - 2 * CT_PAD);
}

/* "<title>TEXT</title></TAG>": the hover text of an SVG shape. */
static void ct_title(FILE *out, const char *text, const char *tag)
{
	fputs("<title>", out);
	ct_html_text(out, text);
	fprintf(out, "</title></%s>", tag);
}

static void ct_strip_band(FILE *out, const char *m, const char *group, const cJSON *st,
			  const struct ct_scale *s, double y)
{
	const cJSON *ci = ct_rget(st, "median_ci");
	char a[48], b[48], text[160];
	double lo, hi, med;

	if (ct_html_snum(ci, "low", &lo) && ct_html_snum(ci, "high", &hi) && hi >= lo) {
		fprintf(out, "<rect class=\"ci g-%s\" x=%.1f y=%.1f width=%.1f height=%.0f>", group,
			ct_x(s, lo) - 1, y, ct_x(s, hi) - ct_x(s, lo) + 2, CT_ROW - 2);
		snprintf(text, sizeof(text), "%s: interval of the median %s to %s", group,
			 ct_html_sfmt(a, sizeof(a), m, lo, 0), ct_html_sfmt(b, sizeof(b), m, hi, 0));
		ct_title(out, text, "rect");
	}
	if (ct_html_snum(st, "median", &med)) {
		fprintf(out, "<line class=\"med g-%s\" x1=%.1f x2=%.1f y1=%.1f y2=%.1f>", group,
			ct_x(s, med), ct_x(s, med), y - 1, y + CT_ROW - 1);
		snprintf(text, sizeof(text), "%s median: %s", group, ct_html_sfmt(a, sizeof(a), m, med, 0));
		ct_title(out, text, "line");
	}
}

/* The group's dots, spread a little up and down by run index so that
 * equal values stay countable. */
static void ct_strip_dots(FILE *out, const struct ct_spage *sp, const char *m, const char *group,
			  const struct ct_scale *s, double y)
{
	const cJSON *r;
	char val[48];
	int64_t i;
	double v;

	cJSON_ArrayForEach(r, ct_rget(sp->ser, "runs")) {
		if (!ct_in_group(r, group) || !ct_dot(r, m, &v))
			continue;
		i = ct_rint(r, "index");
		fprintf(out, "\n<circle class=\"dot g-%s\" data-run=%lld cx=%.1f cy=%.1f r=3.5>"
			"<title>run ", group, (long long)i, ct_x(s, v),
			y + CT_ROW / 2 - 1 + (double)((i < 0 ? 0 : i) * 5 % 7 - 3) * 1.2);
		ct_html_text(out, ct_rstr(r, "dir"));
		fprintf(out, " (%s): %s", group, ct_html_sfmt(val, sizeof(val), m, v, 0));
		fputs("</title></circle>", out);
	}
}

static void ct_strip(FILE *out, const struct ct_spage *sp, const cJSON *met)
{
	double h = CT_ROW * (double)sp->ngroup + CT_AXIS + 2;
	struct ct_scale s;
	char a[48];
	size_t g;

	ct_scale_of(sp, met, met->string, &s);
	fprintf(out, "<svg class=strip width=%.0f height=%.0f viewBox=\"0 0 %.0f %.0f\" "
		"data-metric=\"", CT_W, h, CT_W, h);
	ct_html_text(out, met->string);
	fputs("\">", out);
	for (g = 0; g < sp->ngroup; g++) {
		ct_strip_band(out, met->string, sp->group[g], ct_rget(met, sp->group[g]), &s,
			      CT_ROW * (double)g + 2);
		ct_strip_dots(out, sp, met->string, sp->group[g], &s, CT_ROW * (double)g + 2);
	}
	if (s.hi > s.lo) {
		fprintf(out, "\n<text class=ax x=%.0f y=%.0f>%s</text>", CT_PAD, h - 2,
			ct_html_sfmt(a, sizeof(a), met->string, s.lo, 0));
		fprintf(out, "<text class=ax x=%.0f y=%.0f text-anchor=end>%s</text>", CT_W - CT_PAD,
			h - 2, ct_html_sfmt(a, sizeof(a), met->string, s.hi, 0));
	} else if (s.hi == s.lo) {
		fprintf(out, "\n<text class=ax x=%.0f y=%.0f text-anchor=middle>%s</text>", CT_W / 2,
			h - 2, ct_html_sfmt(a, sizeof(a), met->string, s.lo, 0));
	}
	fputs("</svg>", out);
}

/* "A – B" of two numbers of o (keys ka, kb), or "-". */
static void ct_range(FILE *out, const char *m, const cJSON *o, const char *ka, const char *kb)
{
	char a[48], b[48];
	double x, y;

	if (ct_html_snum(o, ka, &x) && ct_html_snum(o, kb, &y))
		fprintf(out, "%s \xe2\x80\x93 %s", ct_html_sfmt(a, sizeof(a), m, x, 0),
			ct_html_sfmt(b, sizeof(b), m, y, 0));
	else
		fputs("-", out);
}

/* The cells of a group's statistics st, one function per column. */
typedef void ct_cell_fn(FILE *out, const char *m, const char *group, const cJSON *st);

static void ct_cell_group(FILE *out, const char *m, const char *group, const cJSON *st)
{
	(void)m;
	(void)st;
	fprintf(out, "<i class=\"sw g-%s\"></i>%s", group, group);
}

static void ct_cell_median(FILE *out, const char *m, const char *group, const cJSON *st)
{
	char a[48];
	double v;

	(void)group;
	fputs(ct_html_snum(st, "median", &v) ? ct_html_sfmt(a, sizeof(a), m, v, 0) : "-", out);
}

static void ct_cell_ci(FILE *out, const char *m, const char *group, const cJSON *st)
{
	double v;

	(void)group;
	ct_range(out, m, ct_rget(st, "median_ci"), "low", "high");
	if (ct_html_snum(ct_rget(st, "median_ci"), "level", &v))
		fprintf(out, " <small>%.0f%%</small>", 100 * v);
}

static void ct_cell_range(FILE *out, const char *m, const char *group, const cJSON *st)
{
	(void)group;
	ct_range(out, m, st, "min", "max");
}

static void ct_cell_n(FILE *out, const char *m, const char *group, const cJSON *st)
{
	(void)m;
	(void)group;
	if (ct_rint(st, "n") >= 0)
		fprintf(out, "%lld", (long long)ct_rint(st, "n"));
	else
		fputs("-", out);
}

static ct_cell_fn *const ct_cells[] = { ct_cell_group, ct_cell_median, ct_cell_ci, ct_cell_range,
					ct_cell_n };
#define CT_NCELLS (sizeof(ct_cells) / sizeof(ct_cells[0]))

/* One cell per column, a line in it per group: the lines sit beside the
 * plot's rows of dots. */
static void ct_group_tds(FILE *out, const struct ct_spage *sp, const cJSON *met)
{
	size_t c, g;

	for (c = 0; c < CT_NCELLS; c++) {
		fputs(c ? "<td class=n>" : "<td>", out);
		for (g = 0; g < sp->ngroup; g++) {
			fputs("<div>", out);
			ct_cells[c](out, met->string, sp->group[g], ct_rget(met, sp->group[g]));
			fputs("</div>", out);
		}
		fputs("</td>", out);
	}
}

/* median(cold) - median(warm) [low, high]; marked when the interval
 * leaves out 0. */
static void ct_penalty_td(FILE *out, const char *m, const cJSON *p)
{
	char d[48], a[48], b[48];
	double v, lo, hi;

	if (!ct_html_snum(p, "median_diff", &v) || !ct_html_snum(p, "ci_low", &lo) ||
	    !ct_html_snum(p, "ci_high", &hi)) {
		fputs("<td class=n>-</td>", out);
		return;
	}
	fprintf(out, "<td class=\"n%s\"><div>%s</div><div>[%s, %s]</div></td>",
		lo > 0 || hi < 0 ? " sig" : "",
		ct_html_sfmt(d, sizeof(d), m, v, 1), ct_html_sfmt(a, sizeof(a), m, lo, 1),
		ct_html_sfmt(b, sizeof(b), m, hi, 1));
}

static void ct_metrics_head(FILE *out, int pen)
{
	fputs("<table class=metrics id=ct-metrics><thead>\n<tr><th>metric</th><th>runs</th>"
	      "<th>group</th><th>median</th><th>interval of the median</th>"
	      "<th>min \xe2\x80\x93 max</th><th>n</th>", out);
	if (pen)
		fputs("<th>cold penalty<br><small>cold \xe2\x88\x92 warm median,<br>[95% interval]"
		      "</small></th>", out);
	fputs("</tr></thead>\n<tbody>\n", out);
}

static void ct_metrics_legend(FILE *out, const struct ct_spage *sp)
{
	size_t g;

	fputs("<p class=legend>", out);
	for (g = 0; g < sp->ngroup; g++)
		fprintf(out, "<span><i class=\"sw g-%s\"></i>a %s run</span>", sp->group[g],
			sp->group[g]);
	fputs("<span><i class=\"sw medkey\"></i>the group's median</span>"
	      "<span><i class=\"sw cikey\"></i>interval of the median (in the table with its "
	      "coverage: below 95% with fewer than 6 runs)</span></p>\n"
	      "<p class=note id=ct-run>Each dot is a run; hover one to mark that run in every "
	      "plot and in the runs table.</p>\n", out);
}

void ct_html_metrics(struct ct_spage *sp)
{
	const cJSON *met;
	int pen = cJSON_IsObject(ct_rget(sp->ser, "cold_penalty"));

	fputs("<section id=metrics>\n<h2>Metrics</h2>\n", sp->out);
	ct_metrics_legend(sp->out, sp);
	ct_metrics_head(sp->out, pen);
	cJSON_ArrayForEach(met, ct_rget(sp->rep, "metrics")) {
		fputs("<tr><th>", sp->out);
		ct_html_text(sp->out, met->string);
		fputs("</th><td class=plot>", sp->out);
		ct_strip(sp->out, sp, met);
		fputs("</td>", sp->out);
		ct_group_tds(sp->out, sp, met);
		if (pen)
			ct_penalty_td(sp->out, met->string, ct_rget(met, "cold_penalty"));
		fputs("</tr>\n", sp->out);
	}
	fputs("</tbody></table>\n<p class=note>A penalty marked in colour: its interval leaves out 0. "
	      "Definitions at the foot of the page.</p>\n</section>\n", sp->out);
}
