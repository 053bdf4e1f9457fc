/*
 * html_head.c -- the page's header (command, exit, times, memory, the
 * answers and the CUDA verdict with its evidence) and "where the time
 * went" as one stacked bar per image.
 *
 * Both render the report's own sections (overview, cuda, time), so the
 * page says what `coldtrace report` says, in the same words.
 */
#include <string.h>

#include "lib/fmt.h"
#include "report/cols.h"
#include "html.h"

static void ct_kv_open(FILE *out, const char *key)
{
	fputs("<tr><th>", out);
	ct_html_text(out, key);
	fputs("</th><td>", out);
}

void ct_html_kv(FILE *out, const char *key, const char *val)
{
	ct_kv_open(out, key);
	ct_html_text(out, val);
	fputs("</td></tr>\n", out);
}

static void ct_head_exit(FILE *out, const cJSON *ov)
{
	const cJSON *ex = ct_rget(ov, "exit");
	char line[160], w[32], u[32], s[32];

	if (ct_rint(ex, "signal") > 0)
		snprintf(line, sizeof(line), "killed by %s",
			 ct_fmt_signal(s, sizeof(s), (long long)ct_rint(ex, "signal")));
	else
		snprintf(line, sizeof(line), "%lld", (long long)ct_rint(ex, "code"));
	ct_html_kv(out, "exit", line);
	snprintf(line, sizeof(line), "wall %s, user %s, sys %s",
		 ct_fmt_ms(w, sizeof(w), ct_rscaled(ov, "wall_ms", 1000000)),
		 ct_fmt_ms(u, sizeof(u), ct_rscaled(ov, "user_ms", 1000000)),
		 ct_fmt_ms(s, sizeof(s), ct_rscaled(ov, "sys_ms", 1000000)));
	ct_html_kv(out, "time", line);
}

static void ct_head_memory(FILE *out, const cJSON *ov)
{
	const cJSON *m = ct_rget(ov, "memory"), *n = ct_rget(ov, "counts");
	char line[256], r[32], a[32], f[32], p[32];

	snprintf(line, sizeof(line), "RSS at exit %s (anon %s, file %s), peak %s [pid %lld]",
		 ct_fmt_size(r, sizeof(r), ct_rscaled(m, "rss_kb", 1024)),
		 ct_fmt_size(a, sizeof(a), ct_rscaled(m, "anon_kb", 1024)),
		 ct_fmt_size(f, sizeof(f), ct_rscaled(m, "file_kb", 1024)),
		 ct_fmt_size(p, sizeof(p), ct_rscaled(m, "peak_kb", 1024)),
		 (long long)ct_rint(m, "pid"));
	ct_html_kv(out, "memory", line);
	snprintf(line, sizeof(line), "%lld (exec images: %lld), threads %lld; "
		 "events %lld recorded, %lld dropped", (long long)ct_rint(n, "processes"),
		 (long long)ct_rint(n, "images"), (long long)ct_rint(n, "threads"),
		 (long long)ct_rint(ov, "events"), (long long)ct_rint(ov, "events_dropped"));
	ct_html_kv(out, "processes", line);
}

static void ct_head_notes(FILE *out, const cJSON *ov)
{
	const cJSON *w;

	if (ct_rstr(ov, "error"))
		ct_html_kv(out, "error", ct_rstr(ov, "error"));
	cJSON_ArrayForEach(w, ct_rget(ov, "warnings"))
		if (cJSON_IsString(w))
			ct_html_kv(out, "warning", w->valuestring);
}

/* "<li>KEY: a, b, c</li>" of the strings (or o[field] of objects) in arr. */
static void ct_evidence(FILE *out, const char *key, const cJSON *arr, const char *field,
			const char *field2)
{
	const cJSON *it;
	const char *sep = "";

	if (!cJSON_GetArraySize(arr))
		return;
	fputs("<li>", out);
	ct_html_text(out, key);
	fputs(": ", out);
	cJSON_ArrayForEach(it, arr) {
		fputs(sep, out);
		ct_html_text(out, cJSON_IsString(it) ? it->valuestring : ct_rstr(it, field));
		if (field2 && ct_rstr(it, field2)) {
			fputs(" (", out);
			ct_html_text(out, ct_rstr(it, field2));
			fputs(")", out);
		}
		sep = "; ";
	}
	fputs("</li>\n", out);
}

static void ct_head_cuda(FILE *out, const cJSON *cu)
{
	const cJSON *drv = ct_rget(cu, "driver");

	fputs("<p class=verdict>CUDA verdict: <b id=ct-verdict>", out);
	ct_html_text(out, ct_rstr(cu, "verdict"));
	fputs("</b> &mdash; ", out);
	ct_html_text(out, ct_rstr(cu, "words"));
	fputs("</p>\n<ul class=evidence>\n", out);
	ct_evidence(out, "CUDA-named Python modules", ct_rget(cu, "python_modules"), NULL, NULL);
	ct_evidence(out, "CUDA libraries mapped", ct_rget(cu, "libraries"), "path", "class");
	ct_evidence(out, "failed driver requests", ct_rget(cu, "driver_attempts"), "requested",
		    "error");
	if (cJSON_IsObject(drv)) {
		fputs("<li>driver: ", out);
		ct_html_text(out, ct_rstr(drv, "realpath") ? ct_rstr(drv, "realpath")
							   : ct_rstr(drv, "path"));
		fputs(", found: ", out);
		ct_html_text(out, ct_rstr(drv, "how_found"));
		fputs("</li>\n", out);
		ct_evidence(out, "how it came", ct_rget(cu, "chain"), NULL, NULL);
	}
	fputs("</ul>\n", out);
}

void ct_html_head(struct ct_page *pg)
{
	const cJSON *ov = ct_rget(pg->report, "overview");
	FILE *out = pg->out;

	fputs("<header id=head>\n<h1>coldtrace report</h1>\n<table class=kv>\n", out);
	ct_html_kv(out, "command", ct_rstr(ov, "command"));
	ct_html_kv(out, "run", ct_rstr(ov, "run_id"));
	ct_html_kv(out, "record", ct_rstr(ov, "record"));
	ct_head_exit(out, ov);
	ct_head_memory(out, ov);
	ct_head_notes(out, ov);
	fputs("</table>\n<h2>Answer</h2>\n", out);
	if (ct_rstr(ov, "slowest_import")) {
		fputs("<p>", out);
		ct_html_text(out, ct_rstr(ov, "slowest_import"));
		fputs("</p>\n", out);
	}
	ct_head_cuda(out, ct_rget(pg->report, "cuda"));
	if (ct_rstr(ct_rget(ov, "storage"), "note")) {
		fputs("<p class=cold>", out);
		ct_html_text(out, ct_rstr(ct_rget(ov, "storage"), "note"));
		fputs("</p>\n", out);
	}
	fputs("</header>\n", out);
}

/* A part's page columns (cols_phases.c), each its --json number with
 * the text report's words, then the share of the part's time. */
static void ct_part_tds(FILE *out, const cJSON *p, int64_t total)
{
	const struct ct_col *col;
	char cell[32];
	int64_t ns;
	int at;

	for (at = 1; (col = ct_col_at(&ct_cols_phases, CT_CV_PAGE, at)); at++) {
		ct_col_text(cell, sizeof(cell), p, col);
		ct_html_num_td(out, ct_rint(p, col->id), cell);
	}
	ns = ct_rint(p, "ns");
	ct_html_num_td(out, ns, ct_fmt_pct(cell, sizeof(cell), ns, total));
}

/* One image's parts: the bar (a segment per part, its width its share)
 * and the same numbers as a table. */
static void ct_time_image(FILE *out, const cJSON *img)
{
	int64_t total = ct_rint(img, "total_ns"), ns;
	const cJSON *p;
	char ms[32];

	fprintf(out, "<h3>pid %lld ", (long long)ct_rint(img, "pid"));
	ct_html_text(out, ct_rstr(img, "process"));
	fprintf(out, ": %s</h3>\n<div class=stack>", ct_fmt_ms(ms, sizeof(ms), total));
	cJSON_ArrayForEach(p, ct_rget(img, "parts")) {
		ns = ct_rint(p, "ns");
		fputs("<div class=\"seg p-", out);
		ct_html_token(out, ct_rstr(p, "part"));
		fprintf(out, "\" style=\"width:%.4f%%\" title=\"",
			total > 0 && ns > 0 ? 100.0 * (double)ns / (double)total : 0.0);
		ct_html_text(out, ct_rstr(p, "label"));
		fprintf(out, ": %s\"></div>", ct_fmt_ms(ms, sizeof(ms), ns));
	}
	fputs("</div>\n<table class=parts><tbody>\n", out);
	cJSON_ArrayForEach(p, ct_rget(img, "parts")) {
		fputs("<tr><td><span class=\"key p-", out);
		ct_html_token(out, ct_rstr(p, "part"));
		fputs("\"></span></td>", out);
		ct_html_str_td(out, ct_rstr(p, "label"));
		ct_part_tds(out, p, total);
		fputs("</tr>\n", out);
	}
	fputs("</tbody></table>\n", out);
}

void ct_html_time(struct ct_page *pg)
{
	const cJSON *t = ct_rget(pg->report, "time"), *img;

	fputs("<section id=time>\n<h2>Where the time went</h2>\n", pg->out);
	cJSON_ArrayForEach(img, ct_rget(t, "images"))
		ct_time_image(pg->out, img);
	fputs("<p class=note>", pg->out);
	ct_html_text(pg->out, ct_rstr(t, "method"));
	fputs("</p>\n</section>\n", pg->out);
}
