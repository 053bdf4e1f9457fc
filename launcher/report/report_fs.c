/*
 * report_fs.c -- the file-system shape, like `strace -c`: per call kind
 * count, errors and time, plus the directories with the most failed
 * lookups and the most-opened files (the record's paths{}).
 *
 * Numbers are summed over the focus processes.  Never: a silence about
 * what LD_PRELOAD cannot see -- the record's not_seen text is carried.
 */
#include <stdlib.h>
#include <string.h>

#include "ct_log.h"
#include "lib/fmt.h"
#include "report.h"

static int ct_calls_cmp(const void *a, const void *b)
{
	const cJSON *ra = *(const cJSON *const *)a, *rb = *(const cJSON *const *)b;
	double x = cJSON_GetObjectItemCaseSensitive(ra, "time_ns")->valuedouble;
	double y = cJSON_GetObjectItemCaseSensitive(rb, "time_ns")->valuedouble;

	if (x != y)
		return x < y ? 1 : -1;
	return strcmp(ct_rstr(ra, "call"), ct_rstr(rb, "call"));   /* qsort is not stable */
}

static cJSON *ct_calls_row(const struct ct_rctx *c, const char *kind)
{
	int64_t n = 0, err = 0, t = 0;
	const cJSON *k;
	cJSON *o;
	size_t i;

	for (i = 0; i < c->nimg; i++) {
		if (!ct_rfocus(c, i))
			continue;
		k = ct_rget(ct_rget(c->img[i].proc, "calls"), kind);
		ct_radd(&n, ct_rint(k, "count"));
		ct_radd(&err, ct_rint(k, "errors"));
		ct_radd(&t, ct_rint(k, "time_ns"));
	}
	if (!n)
		return NULL;
	o = cJSON_CreateObject();
	if (ct_add_str(o, "call", kind) < 0 || ct_add_num(o, "count", (double)n) < 0 ||
	    ct_add_num(o, "errors", (double)err) < 0 || ct_add_num(o, "time_ns", (double)t) < 0) {
		cJSON_Delete(o);
		return NULL;   /* ct_calls_cmp reads every row's time_ns */
	}
	return o;
}

static cJSON *ct_calls(const struct ct_rctx *c)
{
	cJSON *rows[CT_EV_KIND_MAX], *arr = cJSON_CreateArray();
	size_t i, k = 0;
	int kind;

	for (kind = 1; kind < CT_EV_KIND_MAX; kind++)   /* every interposed call (common/ct_log.h) */
		if (ct_kind(kind)->call && (rows[k] = ct_calls_row(c, ct_kind(kind)->name)))
			k++;
	qsort(rows, k, sizeof(rows[0]), ct_calls_cmp);
	for (i = 0; i < k; i++)
		ct_push(arr, rows[i]);
	return arr;
}

/* The focus images' paths.<which> counts (the merger's) summed, top n. */
static cJSON *ct_paths_top(const struct ct_rctx *c, const char *which, const char *key)
{
	struct ct_map sum = { 0 };
	const cJSON *e;
	cJSON *top;
	size_t i;

	for (i = 0; i < c->nimg; i++) {
		if (!ct_rfocus(c, i))
			continue;
		cJSON_ArrayForEach(e, ct_rget(ct_rget(c->img[i].proc, "paths"), which))
			if (ct_rstr(e, key) && ct_rint(e, "count") > 0)
				ct_count_add(&sum, ct_rstr(e, key), ct_rint(e, "count"));
	}
	top = ct_rmap_top(&sum, key, c->o->top);
	ct_count_free(&sum);
	return top;
}

/* The loader's own account (--loader) summed over the images in focus;
 * null when no image has one. */
static cJSON *ct_loader_sum(const struct ct_rctx *c)
{
	static const char *const keys[] = { "searches", "candidates_tried", "objects_mapped" };
	int64_t sum[3] = { 0, 0, 0 };
	const cJSON *l;
	cJSON *o;
	size_t i, k;
	int any = 0;

	for (i = 0; i < c->nimg; i++) {
		l = ct_rget(c->img[i].proc, "loader");
		if (!ct_rfocus(c, i) || !cJSON_IsObject(l))
			continue;
		any = 1;
		for (k = 0; k < 3; k++)
			sum[k] += ct_rint(l, keys[k]) > 0 ? ct_rint(l, keys[k]) : 0;
	}
	if (!any)
		return cJSON_CreateNull();
	o = cJSON_CreateObject();
	for (k = 0; k < 3; k++)
		ct_add_num(o, keys[k], (double)sum[k]);
	return o;
}

cJSON *ct_rsec_fs(const struct ct_rctx *c)
{
	cJSON *o = cJSON_CreateObject();
	const char *not_seen = c->nimg ? ct_rstr(c->img[0].proc, "not_seen") : NULL;

	ct_add_item(o, "calls", ct_calls(c));
	ct_add_item(o, "failed_lookup_dirs", ct_paths_top(c, "failed_lookup_dirs", "dir"));
	ct_add_item(o, "most_opened", ct_paths_top(c, "opened", "path"));
	ct_add_item(o, "not_seen", not_seen ? cJSON_CreateString(not_seen) :
			      cJSON_CreateNull());
	ct_add_item(o, "loader", ct_loader_sum(c));
	return o;
}

static void ct_show_paths(FILE *out, const char *title, const cJSON *rows, const char *key)
{
	const cJSON *r;
	char cut[CT_FMT_WIDTH];

	if (!cJSON_GetArraySize(rows))
		return;
	fprintf(out, "  %s%s%s\n", ct_c(CT_C_DIM), title, ct_c(CT_C_OFF));
	cJSON_ArrayForEach(r, rows)
		fprintf(out, "  %7lld  %s\n", (long long)ct_rint(r, "count"),
			ct_fmt_cut(cut, sizeof(cut), ct_rstr(r, key), 88));
}

void ct_rshow_fs(FILE *out, const cJSON *s, const struct ct_rctx *c)
{
	const cJSON *r;
	char t[32], note[64], line[200];

	snprintf(note, sizeof(note), "%s", c->o->pid ? "this pid" : "all processes");
	ct_fmt_heading(out, "File system and other calls", note);
	fprintf(out, "  %-15s %9s %8s %11s\n", "call", "count", "errors", "time");
	cJSON_ArrayForEach(r, ct_rget(s, "calls"))
		fprintf(out, "  %-15s %9lld %8lld %11s\n", ct_rstr(r, "call"),
			(long long)ct_rint(r, "count"), (long long)ct_rint(r, "errors"),
			ct_fmt_ms(t, sizeof(t), ct_rint(r, "time_ns")));
	ct_show_paths(out, "directories with the most failed lookups:",
		      ct_rget(s, "failed_lookup_dirs"), "dir");
	ct_show_paths(out, "most-opened files:", ct_rget(s, "most_opened"), "path");
	if (cJSON_IsObject(ct_rget(s, "loader"))) {
		snprintf(line, sizeof(line), "the loader's own work (--loader): %lld searches, "
			 "%lld candidate files tried, %lld objects mapped",
			 (long long)ct_rint(ct_rget(s, "loader"), "searches"),
			 (long long)ct_rint(ct_rget(s, "loader"), "candidates_tried"),
			 (long long)ct_rint(ct_rget(s, "loader"), "objects_mapped"));
		ct_fmt_wrap(out, 2, line);
	}
	if (ct_rstr(s, "not_seen")) {
		fprintf(out, "%s", ct_c(CT_C_DIM));
		ct_fmt_wrap(out, 2, "not seen: the dynamic loader's own opens, stats and mmaps "
			    "(and libc internals) bypass LD_PRELOAD; libraries are still all listed");
		fprintf(out, "%s", ct_c(CT_C_OFF));
	}
}
