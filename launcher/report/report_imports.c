/*
 * report_imports.c -- Python imports: the top N by self time (flat) and by
 * cumulative time (as a tree, like -X importtime), each with the native
 * work done while it was the innermost import.
 *
 * Never: a tree row whose parent is missing from the rows above it (the
 * selection is closed upwards: a parent's cumulative time is never below
 * its child's, and ties go to the earlier start).
 */
#include <stdlib.h>
#include <string.h>

#include "lib/fmt.h"
#include "lib/json.h"
#include "lib/vec.h"
#include "cols.h"
#include "report.h"

struct ct_rimp {
	const cJSON *imp;
	int pid;
	size_t img;
	int64_t id, parent, self, cum, start;
	int depth;              /* -1 until the tree walk reached it */
};

/* Real import chains nest a few dozen deep; a crafted record's may not
 * (the walk recurses once per level). */
#define CT_TREE_MAX_DEPTH 256

static int ct_by_self(const void *a, const void *b)
{
	const struct ct_rimp *x = a, *y = b;

	if (x->self != y->self)
		return x->self < y->self ? 1 : -1;
	return x->start < y->start ? -1 : x->start > y->start;
}

static int ct_by_cum(const void *a, const void *b)
{
	const struct ct_rimp *x = a, *y = b;

	if (x->cum != y->cum)
		return x->cum < y->cum ? 1 : -1;
	return x->start < y->start ? -1 : x->start > y->start;
}

static struct ct_rimp *ct_collect(const struct ct_rctx *c, size_t *n)
{
	struct ct_rimp *v = NULL;
	const cJSON *imp;
	size_t i, cap = 0;

	*n = 0;
	for (i = 0; i < c->nimg; i++) {
		if (!ct_rfocus(c, i))
			continue;
		cJSON_ArrayForEach(imp, ct_rget(c->img[i].proc, "imports")) {
			if (CT_GROW(v, cap, *n) < 0)
				return v;
			v[(*n)++] = (struct ct_rimp){ imp, c->img[i].pid, i, ct_rint(imp, "id"),
				ct_rint(imp, "parent"), ct_rscaled(imp, "self_us", 1000),
				ct_rscaled(imp, "cumulative_us", 1000), ct_rint(imp, "start_ns"), -1 };
		}
	}
	return v;
}

static cJSON *ct_imp_json(const struct ct_rimp *r, int with_depth)
{
	const char *mod = ct_rstr(r->imp, "module");
	cJSON *o = cJSON_CreateObject();
	const struct ct_col *col;
	int bad = ct_add_num(o, "pid", r->pid) || ct_add_str(o, "module", mod ? mod : "?") ||
		  (with_depth && ct_add_num(o, "depth", r->depth));

	for (col = ct_cols_imports.cols; !bad && col < ct_cols_imports.cols + ct_cols_imports.n;
	     col++)
		if (col->id)
			bad = ct_add_item(o, col->id, ct_col_json(r->imp, col));
	if (bad) {
		cJSON_Delete(o);
		return NULL;
	}
	return o;
}

/* Appends r's selected descendants in depth-first order, each row once
 * even when a crafted record's ids repeat or its parents form a cycle. */
static void ct_tree_walk(cJSON *arr, struct ct_rimp *sel, size_t n, size_t at, int depth)
{
	size_t i;

	sel[at].depth = depth < 16 ? depth : 16;
	ct_push(arr, ct_imp_json(&sel[at], 1));
	for (i = 0; i < n && depth < CT_TREE_MAX_DEPTH; i++)
		if (sel[i].depth < 0 && sel[i].img == sel[at].img && sel[i].parent == sel[at].id)
			ct_tree_walk(arr, sel, n, i, depth + 1);
}

static int ct_selected_parent(const struct ct_rimp *sel, size_t n, const struct ct_rimp *r)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (sel[i].img == r->img && sel[i].id == r->parent)
			return 1;
	return 0;
}

static int ct_by_start(const void *a, const void *b)
{
	const struct ct_rimp *x = a, *y = b;

	if (x->img != y->img)
		return x->img < y->img ? -1 : 1;
	return x->start < y->start ? -1 : x->start > y->start;
}

static cJSON *ct_tree(struct ct_rimp *v, size_t n, size_t top)
{
	cJSON *arr = cJSON_CreateArray();
	size_t i, k = n < top ? n : top;

	qsort(v, n, sizeof(*v), ct_by_cum);
	qsort(v, k, sizeof(*v), ct_by_start);
	for (i = 0; i < k; i++)
		if (!ct_selected_parent(v, k, &v[i]))
			ct_tree_walk(arr, v, k, i, 0);
	return arr;
}

cJSON *ct_rsec_imports(const struct ct_rctx *c)
{
	size_t n, i, top = (size_t)c->o->top;
	struct ct_rimp *v = ct_collect(c, &n);
	cJSON *sec = cJSON_CreateObject(), *flat = cJSON_CreateArray();
	int bad = ct_add_item(sec, "by_self", flat) || ct_add_num(sec, "count", (double)n);

	if (v && !bad) {
		qsort(v, n, sizeof(*v), ct_by_self);
		for (i = 0; i < n && i < top; i++)
			ct_push(flat, ct_imp_json(&v[i], 0));
		bad = ct_add_item(sec, "by_cumulative", ct_tree(v, n, top));
	}
	free(v);
	if (bad) {
		cJSON_Delete(sec);
		return NULL;
	}
	return sec;
}

static int ct_multi_pid(const cJSON *rows)
{
	const cJSON *r;
	int64_t first = -2;

	cJSON_ArrayForEach(r, rows) {
		if (first != -2 && ct_rint(r, "pid") != first)
			return 1;
		first = ct_rint(r, "pid");
	}
	return 0;
}

static void ct_show_row(FILE *out, const cJSON *r, int pid_col)
{
	char cell[32], mod[CT_FMT_WIDTH];
	const struct ct_col *col;
	int depth = ct_rint(r, "depth") > 0 ? (int)ct_rint(r, "depth") : 0;
	int width = (pid_col ? 29 : 37) - 2 * depth, at;

	if (pid_col)
		fprintf(out, " %7lld", (long long)ct_rint(r, "pid"));
	for (at = 1; (col = ct_col_at(&ct_cols_imports, CT_CV_TEXT, at)); at++) {
		ct_col_text(cell, sizeof(cell), r, col);
		fprintf(out, " %*s", col->width, cell);
	}
	fprintf(out, "  %*s%s%s\n", 2 * depth, "",
		ct_fmt_cut(mod, sizeof(mod), ct_rstr(r, "module"), (size_t)(width > 8 ? width : 8)),
		cJSON_IsFalse(ct_rget(r, "ok")) ? " (failed)" : "");
}

static void ct_show_table(FILE *out, const char *title, const cJSON *rows)
{
	const struct ct_col *col;
	const cJSON *r;
	int pid_col = ct_multi_pid(rows), at;

	fprintf(out, "  %s%s%s\n%s", ct_c(CT_C_DIM), title, ct_c(CT_C_OFF), pid_col ? "     pid" : "");
	for (at = 1; (col = ct_col_at(&ct_cols_imports, CT_CV_TEXT, at)); at++)
		fprintf(out, " %*s", col->width, col->header);
	fputs("  module\n", out);
	cJSON_ArrayForEach(r, rows)
		ct_show_row(out, r, pid_col);
}

/* The top import's native breakdown in words: two lines, so that long
 * times never push it past CT_FMT_WIDTH (the module is cut to 32). */
static void ct_show_breakdown(FILE *out, const cJSON *r)
{
	char s[32], d[32], o[32], mod[CT_FMT_WIDTH];
	int64_t self = ct_rint(r, "self_ns"), dl = ct_rint(r, "dlopen_ns");

	if (!r || dl <= 0)
		return;
	fprintf(out, "  %s self %s = %s dlopen (%lld libraries) + %s other\n"
		     "    %lld stats, %lld opens, %lld failed\n",
		ct_fmt_cut(mod, sizeof(mod), ct_rstr(r, "module"), 32), ct_fmt_ms(s, sizeof(s), self),
		ct_fmt_ms(d, sizeof(d), dl), (long long)ct_rint(r, "libraries"),
		ct_fmt_ms(o, sizeof(o), self > dl ? self - dl : 0), (long long)ct_rint(r, "stats"),
		(long long)ct_rint(r, "opens"), (long long)ct_rint(r, "failed_lookups"));
}

void ct_rshow_imports(FILE *out, const cJSON *s, const struct ct_rctx *c)
{
	char note[96];
	const cJSON *flat = ct_rget(s, "by_self");

	snprintf(note, sizeof(note), "%lld imports; native columns: work done while innermost",
		 (long long)ct_rint(s, "count"));
	ct_fmt_heading(out, ct_section("imports")->report, note);
	if (!cJSON_GetArraySize(flat)) {
		fprintf(out, "  no Python imports recorded\n");
		return;
	}
	ct_show_table(out, "by self time", flat);
	ct_show_breakdown(out, cJSON_GetArrayItem(flat, 0));
	if (!c->o->brief)
		ct_show_table(out, "by cumulative time (tree)", ct_rget(s, "by_cumulative"));
}
