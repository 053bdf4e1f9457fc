/*
 * report_fs.c -- the file-system shape, like `strace -c`: per call kind
 * the columns of cols_fs.c (count, errors, time), plus the directories
 * with the most failed lookups and the most-opened files (the record's
 * paths{}).
 *
 * Numbers are summed over the focus processes.  Never: a silence about
 * what LD_PRELOAD cannot see -- the record's not_seen text is carried.
 */
#include <stdlib.h>
#include <string.h>

#include "ct_log.h"
#include "lib/fmt.h"
#include "cols.h"
#include "report.h"

/* By time, the most first; a tie by the call. */
static int ct_calls_cmp(const void *a, const void *b)
{
	const cJSON *ra = *(const cJSON *const *)a, *rb = *(const cJSON *const *)b;
	const char *time = ct_cols_fs.cols[CT_FS_TIME].id;
	double x = cJSON_GetObjectItemCaseSensitive(ra, time)->valuedouble;
	double y = cJSON_GetObjectItemCaseSensitive(rb, time)->valuedouble;

	if (x != y)
		return x < y ? 1 : -1;
	return strcmp(ct_rstr(ra, "call"), ct_rstr(rb, "call"));   /* qsort is not stable */
}

/* A kind's row: the call, then each column (cols_fs.c) summed over the
 * focus images; NULL when none made the call. */
static cJSON *ct_calls_row(const struct ct_rctx *c, const char *kind)
{
	int64_t v[CT_FS_N] = { 0 };
	const cJSON *k;
	cJSON *o;
	size_t i, j;
	int bad;

	for (i = 0; i < c->nimg; i++) {
		if (!ct_rfocus(c, i))
			continue;
		k = ct_rget(ct_rget(c->img[i].proc, "calls"), kind);
		for (j = 0; j < CT_FS_N; j++)
			ct_radd(&v[j], ct_col_value(k, &ct_cols_fs.cols[j]));
	}
	if (!v[CT_FS_COUNT])
		return NULL;
	o = cJSON_CreateObject();
	bad = ct_add_str(o, "call", kind) < 0;
	for (j = 0; !bad && j < CT_FS_N; j++)
		bad = ct_add_num(o, ct_cols_fs.cols[j].id, (double)v[j]) < 0;
	if (bad) {
		cJSON_Delete(o);
		return NULL;   /* ct_calls_cmp reads every row's time */
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
	/* said once per record; once per process in older records */
	const char *not_seen = ct_rstr(c->rec, "not_seen");

	if (!not_seen && c->nimg)
		not_seen = ct_rstr(c->img[0].proc, "not_seen");

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

/* A --json calls[] row r as text: the call, then its text columns
 * (cols_fs.c); NULL: the headers. */
static void ct_show_calls(FILE *out, const cJSON *r)
{
	char cell[32];
	const struct ct_col *col;
	int at;

	fprintf(out, "  %-15s", r ? ct_rstr(r, "call") : "call");
	for (at = 1; (col = ct_col_at(&ct_cols_fs, CT_CV_TEXT, at)); at++) {
		if (r)
			ct_col_text(cell, sizeof(cell), r, col);
		fprintf(out, " %*s", col->width, r ? cell : col->header);
	}
	fputc('\n', out);
}

void ct_rshow_fs(FILE *out, const cJSON *s, const struct ct_rctx *c)
{
	const cJSON *r;
	char note[64], line[200];

	snprintf(note, sizeof(note), "%s", c->o->pid ? "this pid" : "all processes");
	ct_fmt_heading(out, "File system and other calls", note);
	ct_show_calls(out, NULL);
	cJSON_ArrayForEach(r, ct_rget(s, "calls"))
		ct_show_calls(out, r);
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
