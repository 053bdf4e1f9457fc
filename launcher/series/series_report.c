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
	const cJSON *a;

	fprintf(out, "series:");
	cJSON_ArrayForEach(a, ct_sget(ct_sget(o, "command"), "argv"))
		fprintf(out, " %s", cJSON_GetStringValue(a) ?: "?");
	fprintf(out, "\n  %.0f counted runs (-n %.0f), cache %s, %.0f warm-up run(s) not kept, "
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

static void ct_show_stat(FILE *out, const cJSON *g)
{
	char cell[96];

	if (!g) {
		fprintf(out, "  %-36s", "-");
		return;
	}
	snprintf(cell, sizeof(cell), "%.6g [%.6g-%.6g] %.6g±%.3g n=%.0f", ct_snum(g, "median"),
		 ct_snum(g, "min"), ct_snum(g, "max"), ct_snum(g, "mean"),
		 cJSON_IsNumber(ct_sget(g, "stddev")) ? ct_snum(g, "stddev") : 0.0, ct_snum(g, "n"));
	fprintf(out, "  %-36s", cell);
}

static void ct_sshow_metrics(FILE *out, const cJSON *o)
{
	const cJSON *m, *p, *first = o->child;
	int both = first && ct_sget(first, "cold") && ct_sget(first, "warm");

	fprintf(out, "\nmetrics: median [min-max] mean±sd n%s\n", both ? " (cold | warm | "
		"penalty = cold-warm median, 95% bootstrap interval)" : "");
	cJSON_ArrayForEach(m, o) {
		fprintf(out, "  %-28s", m->string);
		if (both) {
			ct_show_stat(out, ct_sget(m, "cold"));
			ct_show_stat(out, ct_sget(m, "warm"));
			p = ct_sget(m, "cold_penalty");
			if (cJSON_IsNumber(ct_sget(p, "median_diff")))
				fprintf(out, "  %+.6g [%.6g, %.6g]", ct_snum(p, "median_diff"),
					ct_snum(p, "ci_low"), ct_snum(p, "ci_high"));
		} else {
			ct_show_stat(out, ct_sget(m, "all"));
		}
		fprintf(out, "\n");
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

/* A group's "median [min-max]" in units of unit. */
static void ct_show_cell(FILE *out, const cJSON *g, double unit)
{
	char cell[64] = "-";

	if (g)
		snprintf(cell, sizeof(cell), "%.1f [%.1f-%.1f]", ct_snum(g, "median") / unit,
			 ct_snum(g, "min") / unit, ct_snum(g, "max") / unit);
	fprintf(out, " %21s", cell);
}

/* Per-object rows of dlopen_reads[] or constructors[]: cold (a series
 * without cold runs: all runs) and warm, under a heading naming the unit. */
static void ct_sshow_objects(FILE *out, const cJSON *a, const char *what, double unit)
{
	const cJSON *x;
	const char *path;

	if (!cJSON_GetArraySize(a))
		return;
	fprintf(out, "\n%s, median [min-max]):\n  %21s %21s  object\n", what,
		ct_sget(a->child, "cold") ? "cold" : "all runs", "warm");
	cJSON_ArrayForEach(x, a) {
		path = cJSON_GetStringValue(ct_sget(x, "path")) ?: "?";
		fprintf(out, " ");
		ct_show_cell(out, ct_sget(x, "cold") ? ct_sget(x, "cold") : ct_sget(x, "all"), unit);
		ct_show_cell(out, ct_sget(x, "warm"), unit);
		fprintf(out, "  %s\n", strrchr(path, '/') ? strrchr(path, '/') + 1 : path);
	}
}

static void ct_sshow_libraries(FILE *out, const cJSON *a)
{
	ct_sshow_objects(out, a, "shared objects by storage read during their dlopen (MiB",
			 1048576.0);
}

static void ct_sshow_constructors(FILE *out, const cJSON *a)
{
	ct_sshow_objects(out, a, "shared objects by their initialisers' own time (--loader; ms",
			 1e6);
}

static void ct_sshow_imports(FILE *out, const cJSON *a)
{
	const cJSON *x, *c, *s;

	if (!cJSON_GetArraySize(a))
		return;
	fprintf(out, "\nimports in every run, by median cumulative time (us): median [min-max], "
		"self median\n");
	cJSON_ArrayForEach(x, a) {
		c = ct_sget(x, "cumulative_us");
		s = ct_sget(x, "self_us");
		fprintf(out, "  %-40s %10.0f [%.0f-%.0f]  self %.0f\n",
			cJSON_GetStringValue(ct_sget(x, "module")) ?: "?", ct_snum(c, "median"),
			ct_snum(c, "min"), ct_snum(c, "max"), ct_snum(s, "median"));
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
		fprintf(out, "  ! %s\n", cJSON_GetStringValue(x) ?: "?");
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
		return 2;   /* as the run report: unreadable input */
	o = ct_series_sections(ser, dir, top);
	for (i = 0; i < CT_NSSECTIONS && !json; i++)
		if (ct_sget(o, ct_ssections[i].key))
			ct_ssections[i].show(out, ct_sget(o, ct_ssections[i].key));
	if (json) {
		text = ct_json_print(o);
		rc = !text || fprintf(out, "%s\n", text) < 0 ? 125 : 0;
		free(text);
	}
	cJSON_Delete(o);
	cJSON_Delete(ser);
	return rc;
}
