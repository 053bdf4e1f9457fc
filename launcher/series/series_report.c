/*
 * series_report.c -- `coldtrace report SERIES_DIR`: a series on one
 * screen, built from series.json alone.
 *
 * Same shape as the run report: each section builds JSON from series.json
 * and the text printer renders that JSON, so text and --json cannot
 * disagree.  Never: a figure that is not in series.json.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cmds.h"
#include "lib/fmt.h"
#include "lib/json.h"
#include "lib/msg.h"
#include "lib/readfile.h"
#include "series.h"

struct ct_ssection {
	const char *key;
	cJSON *(*build)(const cJSON *ser, int top);
	void (*show)(FILE *out, const cJSON *sec);
};

static const cJSON *ct_sget(const cJSON *o, const char *k)
{
	return cJSON_GetObjectItemCaseSensitive(o, k);
}

static double ct_snum(const cJSON *o, const char *k)
{
	return cJSON_GetNumberValue(ct_sget(o, k));
}

static cJSON *ct_copy(cJSON *to, const cJSON *from, const char *k)
{
	ct_add_item(to, k, cJSON_Duplicate(ct_sget(from, k), 1));
	return to;
}

static cJSON *ct_ssec_overview(const cJSON *ser, int top)
{
	static const char *const keys[] = { "command", "n", "warmup", "cache", "drop_caches",
					    "wall_ms", "between_runs_ms", "exit_status",
					    "interrupted_by_signal" };
	cJSON *o = cJSON_CreateObject();
	size_t i;

	(void)top;
	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		ct_copy(o, ser, keys[i]);
	cJSON_AddNumberToObject(o, "runs", (double)cJSON_GetArraySize(ct_sget(ser, "runs")));
	return o;
}

static void ct_sshow_overview(FILE *out, const cJSON *o)
{
	const cJSON *argv = ct_sget(ct_sget(o, "command"), "argv"), *a;
	const char *words[256];
	char cmd[4096];
	size_t n = 0;

	cJSON_ArrayForEach(a, argv)
		if (n < sizeof(words) / sizeof(words[0]))
			words[n++] = cJSON_GetStringValue(a) ?: "?";
	ct_fmt_argv(cmd, sizeof(cmd), words, n);
	ct_fmt_hang(out, "series: ", 8, cmd);
	fprintf(out, "  %.0f counted runs (-n %.0f), cache %s, %.0f warm-up run(s) not kept, "
		"exit status %.0f%s\n", ct_snum(o, "runs"), ct_snum(o, "n"),
		cJSON_GetStringValue(ct_sget(o, "cache")) ?: "?", ct_snum(o, "warmup"),
		ct_snum(o, "exit_status"),
		cJSON_IsNumber(ct_sget(o, "interrupted_by_signal")) ? " (interrupted)" : "");
	fprintf(out, "  series wall %.0f ms, of which %.0f ms between runs (eviction, reading "
		"records)\n", ct_snum(o, "wall_ms"), ct_snum(o, "between_runs_ms"));
}

/* Per metric: its groups' statistics and the penalty, as in series.json. */
static cJSON *ct_ssec_metrics(const cJSON *ser, int top)
{
	cJSON *o = cJSON_CreateObject(), *m;
	const cJSON *x;

	(void)top;
	cJSON_ArrayForEach(x, ct_sget(ser, "metrics")) {
		m = cJSON_Duplicate(x, 1);
		if (cJSON_IsObject(ct_sget(ct_sget(ser, "cold_penalty"), x->string)))
			ct_add_item(m, "cold_penalty",
				    cJSON_Duplicate(ct_sget(ct_sget(ser, "cold_penalty"), x->string), 1));
		ct_add_item(o, x->string, m);
	}
	return o;
}

/* One group's line of a metric: head (the metric's name on the first
 * line), the group, its statistics. */
static void ct_show_group(FILE *out, const char *head, size_t headw, const char *group,
			  const cJSON *g, const char *unit)
{
	char p[6][CT_SPIECE];
	size_t k = 0;

	if (group)
		snprintf(p[k++], CT_SPIECE, "%-4s", group);
	k += ct_sstat_pieces(p + k, g, unit);
	ct_sshow_pieces(out, head, headw, p, k);
}

/* "cold-warm +500 ms [+300 ms, +700 ms]": the penalty's own line. */
static void ct_show_penalty(FILE *out, size_t headw, const cJSON *pen, const char *unit)
{
	char p[2][CT_SPIECE], a[32], b[32], d[32];

	if (!cJSON_IsNumber(ct_sget(pen, "median_diff")))
		return;
	snprintf(p[0], CT_SPIECE, "cold-warm %s%s", ct_snum(pen, "median_diff") >= 0 ? "+" : "",
		 ct_fmt_unit3(d, sizeof(d), ct_snum(pen, "median_diff"), unit));
	snprintf(p[1], CT_SPIECE, "[%s, %s]", ct_fmt_unit3(a, sizeof(a), ct_snum(pen, "ci_low"), unit),
		 ct_fmt_unit3(b, sizeof(b), ct_snum(pen, "ci_high"), unit));
	ct_sshow_pieces(out, "", headw, p, 2);
}

/* The column of the metrics' names: the longest, within half the width. */
static size_t ct_name_width(const cJSON *o)
{
	const cJSON *m;
	size_t w = 12;

	cJSON_ArrayForEach(m, o)
		if (m->string && strlen(m->string) > w)
			w = strlen(m->string);
	return 2 + (w < (size_t)ct_fmt_cols() / 2 ? w : (size_t)ct_fmt_cols() / 2) + 1;
}

static void ct_sshow_metrics(FILE *out, const cJSON *o)
{
	const cJSON *m, *first = o->child;
	int both = first && ct_sget(first, "cold") && ct_sget(first, "warm");
	size_t headw = ct_name_width(o);
	char head[160];

	fprintf(out, "\n");
	ct_fmt_wrap(out, 0, both ? "metrics: median [min .. max] mean \u00b1 sd n per group, then "
		    "the cold penalty (cold-warm median, 95% bootstrap interval)" :
		    "metrics: median [min .. max] mean \u00b1 sd n");
	cJSON_ArrayForEach(m, o) {
		snprintf(head, sizeof(head), "  %s", m->string);
		if (!both) {
			ct_show_group(out, head, headw, NULL, ct_sget(m, "all"), ct_sunit(m->string));
			continue;
		}
		ct_show_group(out, head, headw, "cold", ct_sget(m, "cold"), ct_sunit(m->string));
		ct_show_group(out, "", headw, "warm", ct_sget(m, "warm"), ct_sunit(m->string));
		ct_show_penalty(out, headw, ct_sget(m, "cold_penalty"), ct_sunit(m->string));
	}
}

/* The first top items of series.json's array key. */
static cJSON *ct_first(const cJSON *ser, const char *key, int top)
{
	cJSON *a = cJSON_CreateArray();
	const cJSON *x;
	int n = 0;

	cJSON_ArrayForEach(x, ct_sget(ser, key))
		if (n++ < top)
			ct_push(a, cJSON_Duplicate(x, 1));
	return a;
}

static cJSON *ct_ssec_imports(const cJSON *ser, int top)
{
	return ct_first(ser, "imports", top);
}

static cJSON *ct_ssec_libraries(const cJSON *ser, int top)
{
	return ct_first(ser, "dlopen_reads", top);
}

static cJSON *ct_ssec_constructors(const cJSON *ser, int top)
{
	return ct_first(ser, "constructors", top);
}

/* A group's "median [min .. max]" of an object, in unit. */
static void ct_object_piece(char *p, const cJSON *g, const char *unit)
{
	char m[32], lo[32], hi[32];

	if (!g) {
		snprintf(p, CT_SPIECE, "-");
		return;
	}
	snprintf(p, CT_SPIECE, "%s [%s .. %s]", ct_fmt_unit3(m, sizeof(m), ct_snum(g, "median"), unit),
		 ct_fmt_unit3(lo, sizeof(lo), ct_snum(g, "min"), unit),
		 ct_fmt_unit3(hi, sizeof(hi), ct_snum(g, "max"), unit));
}

/* Per-object rows of dlopen_reads[] or constructors[]: the object, then
 * cold (a series without cold runs: all runs) and warm. */
static void ct_sshow_objects(FILE *out, const cJSON *a, const char *what, const char *unit)
{
	const cJSON *x;
	const char *path;
	char p[2][CT_SPIECE], head[CT_SPIECE], name[64];
	int cold = a && ct_sget(a->child, "cold");

	if (!cJSON_GetArraySize(a))
		return;
	snprintf(head, sizeof(head), "%s, median [min .. max]: %s%s", what, cold ? "cold" :
		 "all runs", ct_sget(a->child, "warm") ? ", warm" : "");
	fprintf(out, "\n");
	ct_fmt_wrap(out, 0, head);
	cJSON_ArrayForEach(x, a) {
		path = cJSON_GetStringValue(ct_sget(x, "path")) ?: "?";
		snprintf(head, sizeof(head), "  %s", ct_fmt_cut(name, sizeof(name), ct_fmt_base(path), 36));
		ct_object_piece(p[0], cold ? ct_sget(x, "cold") : ct_sget(x, "all"), unit);
		ct_object_piece(p[1], ct_sget(x, "warm"), unit);
		ct_sshow_pieces(out, head, 40, p, ct_sget(x, "warm") ? 2 : 1);
	}
}

static void ct_sshow_libraries(FILE *out, const cJSON *a)
{
	ct_sshow_objects(out, a, "shared objects by storage read during their dlopen", "bytes");
}

static void ct_sshow_constructors(FILE *out, const cJSON *a)
{
	ct_sshow_objects(out, a, "shared objects by their initialisers' own time (--loader)", "ns");
}

/* One import's line per group: cumulative median [min .. max], self median. */
static void ct_show_import(FILE *out, const char *head, const char *group, const cJSON *x)
{
	const cJSON *c = ct_sget(x, "cumulative_us"), *sf = ct_sget(x, "self_us");
	char p[4][CT_SPIECE], m[32], lo[32], hi[32];
	size_t k = 0;

	if (group)
		snprintf(p[k++], CT_SPIECE, "%-4s", group);
	snprintf(p[k++], CT_SPIECE, "%s [%s .. %s]", ct_fmt_unit3(m, sizeof(m), ct_snum(c, "median"),
		 "us"), ct_fmt_unit3(lo, sizeof(lo), ct_snum(c, "min"), "us"),
		 ct_fmt_unit3(hi, sizeof(hi), ct_snum(c, "max"), "us"));
	snprintf(p[k++], CT_SPIECE, "self %s", ct_fmt_unit3(m, sizeof(m), ct_snum(sf, "median"), "us"));
	ct_sshow_pieces(out, head, 42, p, k);
}

static void ct_sshow_imports(FILE *out, const cJSON *a)
{
	const cJSON *x, *g;
	char head[CT_SPIECE], name[64];

	if (!cJSON_GetArraySize(a))
		return;
	fprintf(out, "\n");
	ct_fmt_wrap(out, 0, ct_sget(a->child, "groups") ? "imports in every run, by median "
		    "cumulative time: median [min .. max], self median, per group" : "imports in "
		    "every run, by median cumulative time: median [min .. max], self median");
	cJSON_ArrayForEach(x, a) {
		snprintf(head, sizeof(head), "  %s", ct_fmt_cut(name, sizeof(name),
			 cJSON_GetStringValue(ct_sget(x, "module")) ?: "?", 38));
		if (!(g = ct_sget(x, "groups"))) {
			ct_show_import(out, head, NULL, x);
			continue;
		}
		ct_show_import(out, head, "cold", ct_sget(g, "cold"));
		ct_show_import(out, "", "warm", ct_sget(g, "warm"));
	}
}

static cJSON *ct_ssec_warnings(const cJSON *ser, int top)
{
	(void)top;
	return cJSON_Duplicate(ct_sget(ser, "warnings"), 1);
}

static void ct_sshow_warnings(FILE *out, const cJSON *a)
{
	const cJSON *x;

	if (cJSON_GetArraySize(a))
		fprintf(out, "\nwarnings:\n");
	cJSON_ArrayForEach(x, a)
		ct_fmt_hang(out, "  ! ", 4, cJSON_GetStringValue(x) ?: "?");
}

static const struct ct_ssection ct_ssections[] = {
	{ "overview", ct_ssec_overview, ct_sshow_overview },
	{ "metrics", ct_ssec_metrics, ct_sshow_metrics },
	{ "imports", ct_ssec_imports, ct_sshow_imports },
	{ "libraries", ct_ssec_libraries, ct_sshow_libraries },
	{ "constructors", ct_ssec_constructors, ct_sshow_constructors },
	{ "warnings", ct_ssec_warnings, ct_sshow_warnings },
};
#define CT_NSSECTIONS (sizeof(ct_ssections) / sizeof(ct_ssections[0]))

/* dir: arg, or the directory of arg when arg is the series.json file. */
static void ct_series_dir(const char *arg, char *dir, size_t n)
{
	const char *slash = strrchr(arg, '/');

	if (ct_series_file(arg))
		snprintf(dir, n, "%.*s", slash ? (int)(slash - arg) : 1, slash ? arg : ".");
	else
		snprintf(dir, n, "%s", arg);
}

cJSON *ct_series_load(const char *arg, char *dir, size_t n)
{
	char path[4200];
	char *text;
	cJSON *ser;

	ct_series_dir(arg, dir, n);
	snprintf(path, sizeof(path), "%s/series.json", dir);
	text = ct_read_file(path, NULL);
	if (!text) {
		ct_msg("cannot read '%s' (open): %s", path, strerror(errno));
		return NULL;
	}
	ser = cJSON_ParseWithOpts(text, NULL, 1);
	free(text);
	if (!cJSON_IsObject(ser) ||
	    strcmp(cJSON_GetStringValue(ct_sget(ser, "schema")) ?: "", CT_SERIES_SCHEMA)) {
		ct_msg("'%s' is not a coldtrace series (%s)", path,
		       ser ? "no schema \"" CT_SERIES_SCHEMA "\"" : "not JSON");
		cJSON_Delete(ser);
		return NULL;
	}
	return ser;
}

cJSON *ct_series_sections(const cJSON *ser, const char *dir, int top)
{
	cJSON *o = cJSON_CreateObject();
	size_t i;

	ct_add_str(o, "schema", CT_SERIES_REPORT_SCHEMA);
	ct_add_str(o, "series", dir);
	for (i = 0; i < CT_NSSECTIONS; i++)
		ct_add_item(o, ct_ssections[i].key, ct_ssections[i].build(ser, top));
	return o;
}

int ct_series_report(const char *arg, int json, int top, FILE *out)
{
	char dir[4096];
	cJSON *ser = ct_series_load(arg, dir, sizeof(dir)), *o;
	char *text;
	size_t i;
	int rc = 0;

	if (!ser)
		return CT_STATUS_USAGE;   /* as the run report: unreadable input */
	o = ct_series_sections(ser, dir, top);
	for (i = 0; i < CT_NSSECTIONS && !json; i++)
		if (ct_sget(o, ct_ssections[i].key))
			ct_ssections[i].show(out, ct_sget(o, ct_ssections[i].key));
	if (json) {
		text = ct_json_print(o);
		rc = !text || fprintf(out, "%s\n", text) < 0 ? CT_STATUS_TOOL : 0;
		free(text);
	}
	cJSON_Delete(o);
	cJSON_Delete(ser);
	return rc;
}
