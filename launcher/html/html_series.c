/*
 * html_series.c -- `coldtrace report --html SERIES_DIR`: one page of a
 * series, from series.json (series/load.h): its header and warnings, each
 * metric's runs as dots (html_strip.c), the runs, the imports in every
 * run; and, a click away, the page of each group's median run, written
 * by the run page's writer when it is not there yet.
 *
 * Never: a number on the page that is not in series.json, or a file
 * written because of series.json anywhere but SERIES_DIR/<digits>/
 * report.html (a run's "dir" is used only when it is all digits).
 */
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmds.h"
#include "lib/fmt.h"
#include "series/load.h"
#include "html.h"

#define CT_HTML_SERIES_SCHEMA "coldtrace.html-series.v1"
#define CT_HTML_SERIES_TOP 20   /* imports and shared objects listed */

static const char *const ct_groups[CT_HTML_GROUPS] = { "cold", "warm", "asis" };

int ct_html_snum(const cJSON *o, const char *key, double *v)
{
	const cJSON *x = ct_rget(o, key);

	if (!cJSON_IsNumber(x) || !(fabs(x->valuedouble) <= (double)CT_RMAX))
		return 0;
	*v = x->valuedouble;
	return 1;
}

static int ct_ends(const char *s, const char *tail)
{
	size_t n = strlen(s), k = strlen(tail);

	return n >= k && !strcmp(s + n - k, tail);
}

char *ct_html_sfmt(char *buf, size_t n, const char *m, double v, int sign)
{
	const char *pre = v < 0 ? "\xe2\x88\x92" : sign && v > 0 ? "+" : "";
	double a = fabs(v);
	char num[32];

	if (ct_ends(m, "_ms"))
		ct_fmt_ms(num, sizeof(num), llround(a * 1e6));
	else if (ct_ends(m, "_us"))
		ct_fmt_ms(num, sizeof(num), llround(a * 1e3));
	else if (ct_ends(m, "_ns"))
		ct_fmt_ms(num, sizeof(num), llround(a));
	else if (ct_ends(m, "_kb"))
		ct_fmt_size(num, sizeof(num), llround(a * 1024));
	else if (ct_ends(m, "_bytes") || !strcmp(m, "rchar"))
		ct_fmt_size(num, sizeof(num), llround(a));
	else
		snprintf(num, sizeof(num), "%.6g", a);
	snprintf(buf, n, "%s%s", pre, num);
	return buf;
}

/* The groups that have runs, in the order of ct_groups. */
static void ct_spage_groups(struct ct_spage *sp)
{
	const cJSON *r;
	size_t g;

	for (g = 0; g < CT_HTML_GROUPS; g++)
		cJSON_ArrayForEach(r, ct_rget(sp->ser, "runs"))
			if (ct_rstr(r, "group") && !strcmp(ct_rstr(r, "group"), ct_groups[g])) {
				sp->group[sp->ngroup++] = ct_groups[g];
				break;
			}
}

/* A run directory named by series.json: digits only, so it stays inside. */
static int ct_srun_dir_ok(const char *d)
{
	return d && *d && strlen(d) < 12 && strspn(d, "0123456789") == strlen(d);
}

/* r is one of group's runs with a wall time and a usable directory. */
static int ct_med_candidate(const cJSON *r, const char *group, double *wall)
{
	return ct_rstr(r, "group") && !strcmp(ct_rstr(r, "group"), group) &&
	       !cJSON_IsTrue(ct_rget(r, "interrupted")) && ct_srun_dir_ok(ct_rstr(r, "dir")) &&
	       ct_html_snum(r, "wall_ms", wall);
}

/* The group's run whose wall_ms is the median -- the lower of the two
 * middle ones for an even count, equal times in run order (as `coldtrace
 * diff` picks a series' median run); NULL when the group has none. */
static const cJSON *ct_median_run(const struct ct_spage *sp, const char *group)
{
	const cJSON *runs = ct_rget(sp->ser, "runs"), *r, *q;
	size_t known = 0, rank, i, j;
	double w, v;

	cJSON_ArrayForEach(r, runs)
		known += (size_t)ct_med_candidate(r, group, &w);
	i = 0;
	cJSON_ArrayForEach(r, runs) {
		i++;
		if (!ct_med_candidate(r, group, &w))
			continue;
		rank = j = 0;
		cJSON_ArrayForEach(q, runs)
			if (++j != i && ct_med_candidate(q, group, &v))
				rank += v < w || (v == w && j < i);
		if (rank == (known - 1) / 2)
			return r;
	}
	return NULL;
}

/* Components of a canonical path's tail ("/a/b": 2, "" or "/": 0). */
static int ct_parts(const char *s)
{
	int n = 0;

	for (; *s; s++)
		n += s[0] == '/' && s[1];
	return n;
}

/* href: the path of to (a directory) + "/report.html", relative to the
 * directory holding the page file; -1 when either cannot be resolved. */
static int ct_rel_href(const char *page, const char *to, char *href, size_t n)
{
	char from[PATH_MAX], dst[PATH_MAX], pdir[4200];
	const char *slash = strrchr(page, '/');
	size_t i, k = 0, len = 0;
	int up;

	snprintf(pdir, sizeof(pdir), "%.*s", slash ? (int)(slash - page) + 1 : 1, slash ? page : ".");
	if (!realpath(pdir, from) || !realpath(to, dst))
		return -1;
	for (i = 0;; i++) {   /* k: the end of the last whole component both share */
		if ((!from[i] || from[i] == '/') && (!dst[i] || dst[i] == '/'))
			k = i;
		if (!from[i] || !dst[i] || from[i] != dst[i])
			break;
	}
	href[0] = 0;
	for (up = ct_parts(from + k); up > 0 && len < n; up--)
		len += (size_t)snprintf(href + len, n - len, "../");
	if (len < n)
		len += (size_t)snprintf(href + len, n - len, "%s%sreport.html",
					dst[k] ? dst + k + 1 : "", dst[k] ? "/" : "");
	return len < n ? 0 : -1;
}

/* Each group's median run, and its page: made when absent, linked when
 * there.  A run whose page cannot be made is left unlinked (its message
 * says why); the series page goes on. */
static void ct_spage_medians(struct ct_spage *sp, const char *page)
{
	char run[4200], file[4300], made[4300];
	size_t g;

	for (g = 0; g < sp->ngroup; g++) {
		sp->href[g][0] = 0;
		sp->med[g] = ct_median_run(sp, sp->group[g]);
		if (!sp->med[g])
			continue;
		snprintf(run, sizeof(run), "%s/%s", sp->dir, ct_rstr(sp->med[g], "dir"));
		snprintf(file, sizeof(file), "%s/report.html", run);
		if ((access(file, F_OK) == 0 || !ct_html_run(run, file, made, sizeof(made))) &&
		    ct_rel_href(page, run, sp->href[g], sizeof(sp->href[g])) < 0)
			sp->href[g][0] = 0;
	}
}

static void ct_shead_runs(const struct ct_spage *sp, const cJSON *ov)
{
	char line[400];
	size_t g, len;
	int k;
	const cJSON *r;

	len = (size_t)snprintf(line, sizeof(line), "%lld counted", (long long)ct_rint(ov, "runs"));
	for (g = 0; g < sp->ngroup; g++) {
		k = 0;
		cJSON_ArrayForEach(r, ct_rget(sp->ser, "runs"))
			k += ct_rstr(r, "group") && !strcmp(ct_rstr(r, "group"), sp->group[g]);
		len += (size_t)snprintf(line + len, sizeof(line) - len, "%s %d %s",
					g ? "," : ":", k, sp->group[g]);
	}
	snprintf(line + len, sizeof(line) - len, "; cache %s (-n %lld); %lld warm-up run(s), "
		 "not counted, not kept", ct_rstr(ov, "cache") ?: "?", (long long)ct_rint(ov, "n"),
		 (long long)ct_rint(ov, "warmup"));
	ct_html_kv(sp->out, "runs", line);
}

static void ct_shead_facts(const struct ct_spage *sp, const cJSON *ov)
{
	char line[200], a[32], b[32], sig[32];
	double w = -1, between = -1;

	snprintf(line, sizeof(line), "%lld", (long long)ct_rint(ov, "exit_status"));
	if (ct_rint(ov, "interrupted_by_signal") > 0)
		snprintf(line + strlen(line), sizeof(line) - strlen(line),
			 " (interrupted by %s)", ct_fmt_signal(sig, sizeof(sig),
			 (long long)ct_rint(ov, "interrupted_by_signal")));
	ct_html_kv(sp->out, "exit status", line);
	ct_html_snum(ov, "wall_ms", &w);
	ct_html_snum(ov, "between_runs_ms", &between);
	snprintf(line, sizeof(line), "series %s, of which %s between runs (eviction, reading records)",
		 ct_fmt_ms(a, sizeof(a), w < 0 ? -1 : llround(w * 1e6)),
		 ct_fmt_ms(b, sizeof(b), between < 0 ? -1 : llround(between * 1e6)));
	ct_html_kv(sp->out, "time", line);
}

/* "median cold run: 003 (wall 50 ms), its page" for each group. */
static void ct_shead_medians(const struct ct_spage *sp)
{
	char key[40], wall[32];
	double v = 0;
	size_t g;

	for (g = 0; g < sp->ngroup; g++) {
		if (!sp->med[g])
			continue;
		snprintf(key, sizeof(key), "median %s run", sp->group[g]);
		ct_html_snum(sp->med[g], "wall_ms", &v);
		fprintf(sp->out, "<tr><th>%s</th><td>", key);
		if (sp->href[g][0]) {
			fputs("<a class=runlink href=\"", sp->out);
			ct_html_url(sp->out, sp->href[g]);
			fputs("\">", sp->out);
		}
		fprintf(sp->out, "run %s", ct_rstr(sp->med[g], "dir"));
		fputs(sp->href[g][0] ? "</a>" : "", sp->out);
		fprintf(sp->out, " (wall %s)%s</td></tr>\n", ct_html_sfmt(wall, sizeof(wall), "wall_ms",
									v, 0),
			sp->href[g][0] ? ": its own page, the run view" : ": no page (see stderr)");
	}
}

static void ct_shead(struct ct_spage *sp)
{
	const cJSON *ov = ct_rget(sp->rep, "overview"), *w;

	fputs("<header id=head>\n<h1>coldtrace series</h1>\n<table class=kv>\n", sp->out);
	ct_html_kv(sp->out, "command", sp->cmd);
	ct_html_kv(sp->out, "series", sp->dir);
	ct_shead_runs(sp, ov);
	ct_shead_facts(sp, ov);
	ct_shead_medians(sp);
	fputs("</table>\n<h2>Warnings</h2>\n<ul class=warnings id=ct-warnings>\n", sp->out);
	cJSON_ArrayForEach(w, ct_rget(sp->rep, "warnings"))
		if (cJSON_IsString(w)) {
			fputs("<li>", sp->out);
			ct_html_text(sp->out, w->valuestring);
			fputs("</li>\n", sp->out);
		}
	fputs("</ul>\n</header>\n", sp->out);
}

/* The block the script reads: the series report and the runs' rows. */
static cJSON *ct_sdata(const struct ct_spage *sp)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddStringToObject(o, "schema", CT_HTML_SERIES_SCHEMA);
	cJSON_AddItemReferenceToObject(o, "series", sp->rep);
	cJSON_AddItemReferenceToObject(o, "runs", (cJSON *)ct_rget(sp->ser, "runs"));
	return o;
}

static void ct_spage(FILE *out, void *arg)
{
	struct ct_spage *sp = arg;
	char title[4200];

	sp->out = out;
	snprintf(title, sizeof(title), "series: %s", sp->cmd);
	ct_html_open(out, title, ct_html_series_css);
	ct_shead(sp);
	ct_html_metrics(sp);
	ct_html_runs(sp);
	ct_html_simports(sp);
	ct_html_close(out, ct_sdata(sp), ct_html_series_js);
}

int ct_html_series(const char *arg, const char *file, char *path, size_t n)
{
	struct ct_spage sp = { 0 };
	char dir[4096], cmd[4096];
	cJSON *ser = ct_series_load(arg, dir, sizeof(dir));
	int rc;

	if (!ser)
		return CT_STATUS_USAGE;
	sp.ser = ser;
	sp.dir = dir;
	sp.rep = ct_series_sections(ser, dir, CT_HTML_SERIES_TOP);
	if (file)
		snprintf(path, n, "%s", file);
	else
		snprintf(path, n, "%s/report.html", dir);
	ct_spage_groups(&sp);
	ct_spage_medians(&sp, path);
	ct_rjoin_argv(ct_rget(ct_rget(ser, "command"), "argv"), cmd, sizeof(cmd));   /* cut: shorter */
	sp.cmd = cmd;
	rc = ct_html_file(path, ct_spage, &sp);
	cJSON_Delete(sp.rep);
	cJSON_Delete(ser);
	return rc;
}
