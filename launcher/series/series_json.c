/*
 * series_json.c -- series.json (schema coldtrace.series.v1): the series'
 * facts, one row per counted run, statistics per metric and group, the
 * cold penalty, the imports common to every run, and warnings.
 *
 * Statistics are computed on the rows as written, so anyone can recompute
 * them from series.json alone (docs/series.md gives each definition).
 * Interrupted runs keep their row but are left out of the statistics.
 * Never: a statistic over a run that did not finish.
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/json.h"
#include "lib/msg.h"
#include "series.h"

#define CT_CV_WARN 0.10         /* coefficient of variation that earns a warning */

static const char *const ct_mode_names[] = { "asis", "asis", "warm", "cold", "both" };
static const char *const ct_groups[] = { "all", "cold", "warm", "asis" };

/* Numeric row keys, in order of first appearance: the metrics. */
static int ct_is_metric(const cJSON *x)
{
	static const char *const not[] = { "index", "status", "exit_code", "signal" };
	size_t i;

	for (i = 0; i < sizeof(not) / sizeof(not[0]); i++)
		if (!strcmp(x->string, not[i]))
			return 0;
	return cJSON_IsNumber(x);
}

static cJSON *ct_metric_names(const cJSON *rows)
{
	cJSON *names = cJSON_CreateArray(), *n;
	const cJSON *row, *x;
	int have;

	cJSON_ArrayForEach(row, rows)
		cJSON_ArrayForEach(x, row) {
			if (!ct_is_metric(x))
				continue;
			have = 0;
			cJSON_ArrayForEach(n, names)
				have |= !strcmp(n->valuestring, x->string);
			if (!have)
				ct_push(names, cJSON_CreateString(x->string));
		}
	return names;
}

/* The metric's values in the group's finished runs; their run indexes in idx. */
static size_t ct_sample(const cJSON *rows, const char *key, const char *group,
			double *v, int *idx)
{
	const cJSON *row, *x;
	size_t n = 0;

	cJSON_ArrayForEach(row, rows) {
		x = cJSON_GetObjectItemCaseSensitive(row, key);
		if (!cJSON_IsNumber(x) || cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(row, "interrupted")))
			continue;
		if (strcmp(group, "all") && strcmp(group, cJSON_GetStringValue(
				cJSON_GetObjectItemCaseSensitive(row, "group")) ?: ""))
			continue;
		idx[n] = (int)cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(row, "index"));
		v[n++] = x->valuedouble;
	}
	return n;
}

static cJSON *ct_metric_groups(const cJSON *rows, const char *key, double *v, int *idx)
{
	cJSON *m = cJSON_CreateObject();
	size_t g, n;

	for (g = 0; g < sizeof(ct_groups) / sizeof(ct_groups[0]); g++) {
		n = ct_sample(rows, key, ct_groups[g], v, idx);
		if (n)
			ct_add_item(m, ct_groups[g], ct_stats_json(v, idx, n));
	}
	return m;
}

static cJSON *ct_penalty(const cJSON *rows, const char *key, double *v, int *idx)
{
	size_t nc = ct_sample(rows, key, "cold", v, idx), nw;
	double *cold = malloc((nc ? nc : 1) * sizeof(*cold));
	cJSON *p;

	if (!cold)
		return cJSON_CreateNull();
	memcpy(cold, v, nc * sizeof(*cold));
	nw = ct_sample(rows, key, "warm", v, idx);
	p = nc && nw ? ct_penalty_json(cold, nc, v, nw) : cJSON_CreateNull();
	free(cold);
	return p;
}

static void ct_stats_all(cJSON *root, const cJSON *rows, int both)
{
	cJSON *names = ct_metric_names(rows), *n, *metrics = cJSON_CreateObject();
	cJSON *pen = both ? cJSON_CreateObject() : cJSON_CreateNull();
	size_t cap = (size_t)cJSON_GetArraySize(rows) + 1;
	double *v = malloc(cap * sizeof(*v));
	int *idx = malloc(cap * sizeof(*idx));

	cJSON_ArrayForEach(n, names)
		if (v && idx && ct_sample(rows, n->valuestring, "all", v, idx)) {
			ct_add_item(metrics, n->valuestring, ct_metric_groups(rows, n->valuestring, v, idx));
			if (both)
				ct_add_item(pen, n->valuestring, ct_penalty(rows, n->valuestring, v, idx));
		}
	ct_add_item(root, "metrics", metrics);
	ct_add_item(root, "cold_penalty", pen);
	cJSON_Delete(names);
	free(v);
	free(idx);
}

static const cJSON *ct_path(const cJSON *o, const char *a, const char *b, const char *c)
{
	o = cJSON_GetObjectItemCaseSensitive(o, a);
	o = b ? cJSON_GetObjectItemCaseSensitive(o, b) : o;
	return c ? cJSON_GetObjectItemCaseSensitive(o, c) : o;
}

static void ct_warn_spread(const cJSON *root, cJSON *w)
{
	char text[256];
	const cJSON *g, *first;
	size_t i;

	for (i = 0; i < sizeof(ct_groups) / sizeof(ct_groups[0]); i++) {
		g = ct_path(root, "metrics", "wall_ms", ct_groups[i]);
		if (!g || (i == 0 && ct_path(root, "metrics", "wall_ms", "cold") &&
			   ct_path(root, "metrics", "wall_ms", "warm")))
			continue;   /* "all" mixes cold and warm in --cache both */
		if (cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(g, "cv")) > CT_CV_WARN) {
			snprintf(text, sizeof(text), "wall_ms varies by %.0f%% (coefficient of variation) "
				 "in the %s runs: more runs, or a quieter machine",
				 100 * cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(g, "cv")),
				 ct_groups[i]);
			ct_push(w, cJSON_CreateString(text));
		}
		cJSON_ArrayForEach(first, cJSON_GetObjectItemCaseSensitive(g, "outliers"))
			if (cJSON_GetNumberValue(first) == 1 && i > 0) {
				ct_push(w, cJSON_CreateString("run 1 is an outlier in wall_ms: a cache was "
							      "probably not yet filled (use --warmup)"));
			}
	}
}

/* A cold run must have read from storage; evictions must have worked. */
static void ct_warn_rows(const cJSON *rows, cJSON *w)
{
	char text[320];
	const cJSON *row, *ev;
	double idx, bytes, res;

	cJSON_ArrayForEach(row, rows) {
		idx = cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(row, "index"));
		ev = cJSON_GetObjectItemCaseSensitive(row, "eviction");
		bytes = cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(ev, "bytes"));
		res = cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(ev, "resident_bytes"));
		if (cJSON_IsObject(ev) && res > 0 && res > bytes / 20) {
			snprintf(text, sizeof(text), "run %.0f: %.1f of the %.1f MiB evicted stayed "
				 "in the page cache (mapped by a running process, or on tmpfs)",
				 idx, res / 1048576, bytes / 1048576);
			ct_push(w, cJSON_CreateString(text));
		}
		if (cJSON_IsObject(ev) && cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(
				row, "read_bytes")) == 0) {
			snprintf(text, sizeof(text), "run %.0f was to be cold but read nothing from "
				 "storage (read_bytes 0): its files stayed cached", idx);
			ct_push(w, cJSON_CreateString(text));
		}
	}
}

static void ct_definitions(cJSON *root)
{
	cJSON *d = cJSON_CreateObject();

	ct_add_str(d, "percentile", "linear interpolation between closest ranks "
		   "(Hyndman-Fan type 7, statistics.quantiles method='inclusive')");
	ct_add_str(d, "stddev", "sample standard deviation (n-1); null when n < 2");
	ct_add_str(d, "mad", "median absolute deviation from the median, unscaled");
	ct_add_str(d, "median_ci", "order statistics [x(l), x(n+1-l)], largest l with binomial "
		   "coverage >= 0.95; level is the exact coverage (below 0.95 when n < 6)");
	ct_add_str(d, "outliers", "modified z-score 0.6745*(x-median)/MAD beyond 3.5 "
		   "(Iglewicz-Hoaglin); none when MAD is 0");
	ct_add_str(d, "cold_penalty", "median(cold) - median(warm); 95% interval: percentile "
		   "bootstrap, 2000 resamples of each group, fixed seed");
	ct_add_item(root, "definitions", d);
}

static void ct_series_head(cJSON *root, const struct ct_series *s)
{
	cJSON *argv = cJSON_CreateArray();
	char cwd[4096];
	int i;

	ct_add_str(root, "schema", CT_SERIES_SCHEMA);
	for (i = 0; s->o.cmd[i]; i++)
		ct_push(argv, ct_str_json(s->o.cmd[i]));
	ct_add_item(root, "command", cJSON_CreateObject());
	ct_add_item(cJSON_GetObjectItemCaseSensitive(root, "command"), "argv", argv);
	ct_add_str(cJSON_GetObjectItemCaseSensitive(root, "command"), "cwd",
		   getcwd(cwd, sizeof(cwd)) ? cwd : NULL);
	cJSON_AddNumberToObject(root, "n", (double)s->o.repeat);
	cJSON_AddNumberToObject(root, "warmup", (double)s->warmup);
	ct_add_bool(root, "warmup_kept", 0);
	ct_add_str(root, "cache", ct_mode_names[s->cache]);
	ct_add_bool(root, "drop_caches", s->o.drop_caches);
	cJSON_AddNumberToObject(root, "started_unix_ms", (double)s->started_unix_ms);
	cJSON_AddNumberToObject(root, "wall_ms", (double)s->wall_ns / 1e6);
	cJSON_AddNumberToObject(root, "between_runs_ms", (double)s->between_ns / 1e6);
	cJSON_AddNumberToObject(root, "exit_status", (double)s->status);
	ct_add_item(root, "interrupted_by_signal", s->interrupted ?
		    cJSON_CreateNumber(s->interrupted) : cJSON_CreateNull());
}

cJSON *ct_series_json(const struct ct_series *s)
{
	cJSON *root = cJSON_CreateObject(), *rows = cJSON_CreateArray();
	cJSON *w = cJSON_CreateArray();
	size_t i;

	ct_series_head(root, s);
	for (i = 0; i < s->nrun; i++)
		ct_push(rows, ct_series_row(s, &s->run[i]));
	ct_add_item(root, "host", cJSON_CreateNull());
	ct_add_item(root, "runs", rows);
	ct_definitions(root);
	ct_stats_all(root, rows, s->cache == CT_CACHE_BOTH);
	ct_series_sets(s, root, w);
	ct_warn_spread(root, w);
	ct_warn_rows(rows, w);
	ct_add_item(root, "warnings", w);
	return root;
}

int ct_series_write(const struct ct_series *s)
{
	char tmp[4200], path[4200];
	cJSON *root = ct_series_json(s);
	char *text = root ? ct_json_print(root) : NULL;
	FILE *f = NULL;
	int ok = 0;

	snprintf(tmp, sizeof(tmp), "%s/.series.json.tmp", s->dir);
	snprintf(path, sizeof(path), "%s/series.json", s->dir);
	if (text)
		f = fopen(tmp, "wx");
	if (f) {
		ok = fprintf(f, "%s\n", text) >= 0;
		ok = (fclose(f) == 0) && ok && rename(tmp, path) == 0;
	}
	if (!ok)
		ct_msg("cannot write %s: %s", path, text ? strerror(errno) : "out of memory");
	free(text);
	cJSON_Delete(root);
	return ok ? 0 : -1;
}
