/*
 * report_fs.c -- the file-system shape, like `strace -c`: per call kind
 * count, errors and time, plus the directories with the most failed
 * lookups and the most-opened files (from the raw event logs).
 *
 * Numbers are summed over the focus processes.  Never: a silence about
 * what LD_PRELOAD cannot see -- the record's not_seen text is carried.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "fmt.h"
#include "report.h"

static const char *const ct_fs_kinds[] = {
	"open", "creat", "fopen", "opendir", "stat", "lstat", "fstat", "fstatat", "statx",
	"access", "mmap", "munmap", "dlopen", "dlclose", "pthread_create", "fork", "vfork",
	"spawn", "exec", "system",
};

static int ct_calls_cmp(const void *a, const void *b)
{
	double x = cJSON_GetObjectItemCaseSensitive(*(const cJSON *const *)a, "time_ns")->valuedouble;
	double y = cJSON_GetObjectItemCaseSensitive(*(const cJSON *const *)b, "time_ns")->valuedouble;

	return x < y ? 1 : x > y ? -1 : 0;
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
	cJSON_AddStringToObject(o, "call", kind);
	cJSON_AddNumberToObject(o, "count", (double)n);
	cJSON_AddNumberToObject(o, "errors", (double)err);
	cJSON_AddNumberToObject(o, "time_ns", (double)t);
	return o;
}

static cJSON *ct_calls(const struct ct_rctx *c)
{
	enum { N = sizeof(ct_fs_kinds) / sizeof(ct_fs_kinds[0]) };
	cJSON *rows[N], *arr = cJSON_CreateArray();
	size_t i, k = 0;

	for (i = 0; i < N; i++)
		if ((rows[k] = ct_calls_row(c, ct_fs_kinds[i])))
			k++;
	qsort(rows, k, sizeof(rows[0]), ct_calls_cmp);
	for (i = 0; i < k; i++)
		cJSON_AddItemToArray(arr, rows[i]);
	return arr;
}

/* The focus images' count maps summed, top n. */
static cJSON *ct_paths_top(const struct ct_rctx *c, size_t off, const char *key)
{
	struct ct_map sum = { 0 };
	const struct ct_map *m;
	cJSON *top;
	size_t i, j;

	for (i = 0; i < c->nimg; i++) {
		if (!ct_rfocus(c, i))
			continue;
		m = (const struct ct_map *)((const char *)&c->img[i] + off);
		for (j = 0; j < m->cap; j++)
			if (m->slots[j].val)
				ct_rmap_add(&sum, m->slots[j].str, ct_rmap_count(m, m->slots[j].str));
	}
	top = ct_rmap_top(&sum, key, c->o->top);
	ct_rmap_free_keys(&sum);
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
		cJSON_AddNumberToObject(o, keys[k], (double)sum[k]);
	return o;
}

cJSON *ct_rsec_fs(const struct ct_rctx *c)
{
	cJSON *o = cJSON_CreateObject();
	const char *not_seen = c->nimg ? ct_rstr(c->img[0].proc, "not_seen") : NULL;
	size_t i;
	int raw = 0;

	for (i = 0; i < c->nimg; i++)
		raw |= ct_rfocus(c, i) && c->img[i].have_log;
	cJSON_AddItemToObject(o, "calls", ct_calls(c));
	cJSON_AddBoolToObject(o, "from_raw_events", raw);
	cJSON_AddItemToObject(o, "failed_lookup_dirs",
			      ct_paths_top(c, offsetof(struct ct_rimage, fail_dirs), "dir"));
	cJSON_AddItemToObject(o, "most_opened",
			      ct_paths_top(c, offsetof(struct ct_rimage, opened), "path"));
	cJSON_AddItemToObject(o, "not_seen", not_seen ? cJSON_CreateString(not_seen) :
			      cJSON_CreateNull());
	cJSON_AddItemToObject(o, "loader", ct_loader_sum(c));
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
			ct_fmt_tail(cut, sizeof(cut), ct_rstr(r, key), 88));
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
	if (!cJSON_IsTrue(ct_rget(s, "from_raw_events")))
		fprintf(out, "  (event logs missing: no per-path lists)\n");
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
