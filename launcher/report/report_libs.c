/*
 * report_libs.c -- "which .so files were actually loaded": count, size and
 * resident memory, grouped by how each came (start-up, the dlopen that
 * named it or pulled it in, under which Python import), the largest by
 * resident memory, failed dlopen attempts, and with --libs every object.
 *
 * coldtrace's own objects (own: true) are counted apart and never mixed
 * into the workload's numbers.
 */
#include <stdlib.h>
#include <string.h>

#include "lib/fmt.h"
#include "cols.h"
#include "report.h"

struct ct_lgroup {
	const char *imp, *req, *caller;
	int64_t v[CT_LG_N];     /* ct_cols_libgroups' columns; read and faults -1 unknown */
};

struct ct_lacc {
	struct ct_lgroup g[256];
	size_t ng;
	int count, own, startup;
	int64_t bytes, rss_kb, startup_bytes;
};

static int ct_streq(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

/* Add the number at column k's key of o to the group's column k. */
static void ct_lgroup_sum(struct ct_lgroup *g, int k, const cJSON *o)
{
	ct_radd(&g->v[k], ct_col_num(o, ct_cols_libgroups.cols[k].key));
}

static void ct_lacc_add(struct ct_lacc *a, const cJSON *lib)
{
	const cJSON *rb = ct_rget(lib, "requested_by");
	const char *how = ct_rstr(lib, "how"), *imp = ct_rstr(lib, "import");
	const char *req = ct_rstr(rb, "request");
	size_t i;

	if (!req && how && !strcmp(how, "own"))
		req = "(loaded by coldtrace, needed by the workload too)";

	a->count++;
	ct_radd(&a->bytes, ct_rint(lib, "size"));
	ct_radd(&a->rss_kb, ct_rint(lib, "rss_kb"));
	if (!how || !strcmp(how, "startup")) {
		a->startup++;
		ct_radd(&a->startup_bytes, ct_rint(lib, "size"));
		return;
	}
	for (i = 0; i < a->ng && !(ct_streq(a->g[i].imp, imp) && ct_streq(a->g[i].req, req)); i++)
		;
	if (i == a->ng) {
		if (a->ng == sizeof(a->g) / sizeof(a->g[0]))
			return;
		memset(&a->g[a->ng], 0, sizeof(a->g[0]));
		a->g[a->ng].v[CT_LG_READ] = a->g[a->ng].v[CT_LG_MAJFLT] = -1;
		a->g[a->ng].imp = imp;
		a->g[a->ng].req = req;
		a->g[a->ng++].caller = ct_rstr(rb, "caller");
	}
	a->g[i].v[CT_LG_NAMED] += !strcmp(how, "dlopen");
	a->g[i].v[CT_LG_NEEDED] += strcmp(how, "dlopen") != 0;
	ct_lgroup_sum(&a->g[i], CT_LG_BYTES, lib);
	ct_lgroup_sum(&a->g[i], CT_LG_RSS, lib);
}

/* Add d's known number at column k's key to the group's (unknown until one is known). */
static void ct_lgroup_known(struct ct_lgroup *g, int k, const cJSON *d)
{
	int64_t x = ct_col_num(d, ct_cols_libgroups.cols[k].key);

	if (x >= 0)
		g->v[k] = (g->v[k] > 0 ? g->v[k] : 0) + x;
}

/* What the dlopen calls behind each group read from storage: summed over
 * the calls with the group's request and import (a call made inside
 * another dlopen is in the outer call's figure too). */
static void ct_lacc_io(struct ct_lacc *a, const cJSON *dlopens)
{
	const cJSON *d;
	size_t i;

	cJSON_ArrayForEach(d, dlopens)
		for (i = 0; i < a->ng; i++) {
			if (!ct_streq(a->g[i].req, ct_rstr(d, "requested")) ||
			    !ct_streq(a->g[i].imp, ct_rstr(d, "import")))
				continue;
			ct_lgroup_known(&a->g[i], CT_LG_READ, d);
			ct_lgroup_known(&a->g[i], CT_LG_MAJFLT, d);
			break;
		}
}

static int ct_group_cmp(const void *a, const void *b)
{
	const struct ct_lgroup *x = a, *y = b;
	int64_t d = (y->v[CT_LG_NAMED] + y->v[CT_LG_NEEDED]) - (x->v[CT_LG_NAMED] + x->v[CT_LG_NEEDED]);

	return d > 0 ? 1 : d < 0 ? -1 : 0;
}

/* A group: its request, caller and import, then ct_cols_libgroups. */
static cJSON *ct_group_json(const struct ct_lgroup *g)
{
	cJSON *o = cJSON_CreateObject();
	const struct ct_col *col;
	int k;

	ct_add_str(o, "request", g->req ? g->req : "?");
	ct_add_str(o, "caller", g->caller ? g->caller : "?");
	ct_add_item(o, "import", g->imp ? cJSON_CreateString(g->imp) : cJSON_CreateNull());
	for (k = 0; k < CT_LG_N; k++) {
		col = &ct_cols_libgroups.cols[k];
		ct_add_item(o, col->id, col->opt && g->v[k] < 0 ? cJSON_CreateNull() :
			    cJSON_CreateNumber((double)g->v[k]));
	}
	return o;
}

static cJSON *ct_groups_json(struct ct_lacc *a, int top)
{
	cJSON *arr = cJSON_CreateArray();
	size_t i;

	if (a->ng)   /* a->g is NULL then */
		qsort(a->g, a->ng, sizeof(a->g[0]), ct_group_cmp);
	for (i = 0; i < a->ng && (int)i < top; i++)
		ct_push(arr, ct_group_json(&a->g[i]));
	return arr;
}

static int ct_rss_cmp(const void *a, const void *b)
{
	int64_t x = ct_rint(*(const cJSON *const *)a, "rss_kb");
	int64_t y = ct_rint(*(const cJSON *const *)b, "rss_kb");

	return x < y ? 1 : x > y ? -1 : 0;
}

/* An object's ct_cols_libs columns, copied from its libraries[] entry. */
static cJSON *ct_lib_row(const cJSON *lib)
{
	cJSON *o = cJSON_CreateObject();
	const struct ct_col *col;

	for (col = ct_cols_libs.cols; col < ct_cols_libs.cols + ct_cols_libs.n; col++)
		if (col->id)
			ct_add_item(o, col->id, ct_col_copy(lib, col));
	return o;
}

/* Workload libraries sorted by resident memory (all, or the top n). */
static cJSON *ct_libs_list(const cJSON *libs, int n, int by_rss)
{
	const cJSON **v = calloc((size_t)cJSON_GetArraySize(libs) + 1, sizeof(*v)), *lib;
	cJSON *arr = cJSON_CreateArray();
	int k = 0, i;

	cJSON_ArrayForEach(lib, libs)
		if (v && !cJSON_IsTrue(ct_rget(lib, "own")))
			v[k++] = lib;
	if (v && by_rss)
		qsort(v, (size_t)k, sizeof(*v), ct_rss_cmp);
	for (i = 0; v && i < k && (n < 0 || i < n); i++)
		ct_push(arr, ct_lib_row(v[i]));
	free(v);
	return arr;
}

static cJSON *ct_libs_image(const struct ct_rctx *c, size_t i)
{
	const cJSON *proc = c->img[i].proc, *libs = ct_rget(proc, "libraries"), *lib;
	struct ct_lacc *a = calloc(1, sizeof(*a));
	cJSON *o = cJSON_CreateObject();

	if (!a)
		return o;
	cJSON_ArrayForEach(lib, libs) {
		if (cJSON_IsTrue(ct_rget(lib, "own")))
			a->own++;
		else
			ct_lacc_add(a, lib);
	}
	ct_lacc_io(a, ct_rget(proc, "dlopens"));
	ct_add_num(o, "pid", c->img[i].pid);
	ct_add_str(o, "process", ct_rimage_name(proc));
	ct_add_num(o, "count", a->count);
	ct_add_num(o, "bytes", (double)a->bytes);
	ct_add_num(o, "rss_kb", (double)a->rss_kb);
	ct_add_num(o, "own_excluded", a->own);
	ct_add_num(o, "startup", a->startup);
	ct_add_num(o, "startup_bytes", (double)a->startup_bytes);
	ct_add_item(o, "groups", ct_groups_json(a, c->o->brief ? 3 : c->o->top));
	ct_add_item(o, "largest_resident", ct_libs_list(libs, c->o->top, 1));
	ct_add_item(o, "failures", cJSON_Duplicate(ct_rget(proc, "dlopen_failures"), 1));
	if (c->o->libs)
		ct_add_item(o, "all", ct_libs_list(libs, -1, 0));
	free(a);
	return o;
}

cJSON *ct_rsec_libs(const struct ct_rctx *c)
{
	return ct_rsec_images(c, ct_libs_image, NULL);
}
