/*
 * merge_time.c -- time{}: where one image's traced lifetime went, split
 * into native loading, Python imports, extension initialisation,
 * file-system calls and the rest; and each import's share of it
 * (imports[].native.dlopen_ns and fs_ns) by the same method.
 *
 * Method (docs/record-processes.md): dlopen time is the union of dlopen
 * call intervals, each call charged with the part no earlier call covered;
 * file-system time counts only calls outside those intervals (those inside
 * are part of loading); both are charged to the innermost import in
 * progress.  An import's own share is its self time minus what was
 * charged to it.  Never: a part below zero or parts that add up past the
 * image's lifetime -- each is clamped and the rest takes what is left.
 */
#include <stdlib.h>
#include <string.h>

#include "merge_int.h"

#define CT_NS_MAX ((int64_t)1 << 60)   /* 36 years: sums saturate here */

enum { CT_CAT_NONE, CT_CAT_EXT, CT_CAT_IMP, CT_CAT_N };

struct ct_split {
	struct ct_py *py;
	int64_t dl[CT_CAT_N], fs[CT_CAT_N], self[CT_CAT_N];
	int64_t dl_all, life;
	uint64_t start, first_imp, last_imp;   /* image start; first import start, last end */
	int64_t pre;             /* dlopen/file-system time before the first import */
	struct ct_exit x;        /* the windows after the last import (their own such time) */
};

void ct_sat_add(int64_t *acc, int64_t v)
{
	if (__builtin_add_overflow(*acc, v, acc))
		*acc = v < 0 ? INT64_MIN : INT64_MAX;
}

static int64_t ct_ns(uint64_t v)
{
	return v > (uint64_t)CT_NS_MAX ? CT_NS_MAX : (int64_t)v;
}

static int ct_span_cmp(const void *a, const void *b)
{
	const struct ct_span *x = a, *y = b;

	return x->t_ns < y->t_ns ? -1 : x->t_ns > y->t_ns;
}

static int ct_cat(const struct ct_import *imp)
{
	if (!imp)
		return CT_CAT_NONE;
	return imp->ended && imp->kind == CT_IMP_EXTENSION ? CT_CAT_EXT : CT_CAT_IMP;
}

static void ct_imports_cat(struct ct_split *s)
{
	const struct ct_import *imp;
	size_t i;

	for (i = 0; i < s->py->nimps; i++) {
		imp = &s->py->imps[i];
		if (imp->ended && imp->end_ns - imp->start_ns > imp->child_ns)
			ct_sat_add(&s->self[ct_cat(imp)],
				   ct_ns(imp->end_ns - imp->start_ns - imp->child_ns));
		if (imp->start_ns && (!s->first_imp || imp->start_ns < s->first_imp))
			s->first_imp = imp->start_ns;
		if (imp->ended && imp->end_ns > s->last_imp)
			s->last_imp = imp->end_ns;
	}
}

/* Charges ns of a call at time t to its import (and its category), and to
 * the window before the first import or the exit window it lies in.  fs: a
 * file-system call, else dlopen time. */
static void ct_charge(struct ct_split *s, int fs, const struct ct_span *c, int64_t ns)
{
	struct ct_import *imp = c->import_id ? ct_py_find(s->py, c->import_id) : NULL;
	struct ct_exit_win *w = ct_exit_window_of(&s->x, c->t_ns);

	ct_sat_add(fs ? &s->fs[ct_cat(imp)] : &s->dl[ct_cat(imp)], ns);
	if (imp)
		ct_sat_add(fs ? &imp->fs_ns : &imp->dlopen_ns, ns);
	if (s->first_imp && c->t_ns < s->first_imp)
		ct_sat_add(&s->pre, ns);
	else if (w)
		ct_sat_add(&w->io, ns);
}

/* Merges the sorted dlopen spans in place into disjoint intervals
 * (t_ns, dur_ns); returns how many.  Each call is charged with the part
 * not already covered. */
static size_t ct_dl_union(struct ct_split *s, struct ct_span *v, size_t n)
{
	size_t i, k = 0;
	uint64_t end, add;

	if (n)
		qsort(v, n, sizeof(*v), ct_span_cmp);   /* v is NULL when n is 0 */
	for (i = 0; i < n; i++) {
		end = v[i].t_ns + v[i].dur_ns;
		if (k && v[i].t_ns <= v[k - 1].t_ns + v[k - 1].dur_ns) {
			add = end > v[k - 1].t_ns + v[k - 1].dur_ns ?
			      end - (v[k - 1].t_ns + v[k - 1].dur_ns) : 0;
			ct_charge(s, 0, &v[i], ct_ns(add));
			v[k - 1].dur_ns += add;
		} else {
			add = v[i].dur_ns;
			ct_charge(s, 0, &v[i], ct_ns(add));
			v[k++] = v[i];
		}
		ct_sat_add(&s->dl_all, ct_ns(add));
	}
	return k;
}

int ct_time_inside(const struct ct_span *u, size_t n, uint64_t t)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {       /* first interval starting after t */
		size_t mid = (lo + hi) / 2;

		if (u[mid].t_ns <= t)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo > 0 && t < u[lo - 1].t_ns + u[lo - 1].dur_ns;
}

static int64_t ct_clamp(int64_t v, int64_t *left)
{
	v = v < 0 ? 0 : v > *left ? *left : v;
	*left -= v;
	return v;
}

/* ns from a to b, 0 when b is not after a (or either is unknown). */
static int64_t ct_window(uint64_t a, uint64_t b)
{
	if (!a || !b || b <= a)
		return 0;
	return ct_ns(b - a);
}

static cJSON *ct_part_cpu(const char *key, int64_t ns, const int64_t *cpu);

static int ct_part(cJSON *parts, const char *key, int64_t ns, const int64_t *cpu)
{
	return ct_push(parts, ct_part_cpu(key, ns, cpu));
}

/* An exit window's own time (less its dlopen and file-system time, which
 * their parts hold), clamped; *cpu set where its CPU time is known. */
static int64_t ct_exit_own(const struct ct_exit_win *w, int64_t *left, const int64_t **cpu)
{
	int64_t ns = ct_window(w->a, w->b);

	*cpu = w->cpu_known ? &w->cpu : NULL;
	return ct_clamp(ns > w->io ? ns - w->io : 0, left);
}

/* The parts after the last import: program_work and the exit phases when
 * the marks tell them, else after_imports (an older log). */
static int ct_parts_exit(cJSON *parts, const struct ct_split *s, int64_t *left)
{
	const struct ct_exit *x = &s->x;
	const int64_t *cpu, *cpu2;
	int64_t ns, at;
	int rc = 0, known;

	if (s->first_imp) {
		ns = ct_exit_own(&x->w[CT_XW_WORK], left, &cpu);
		rc |= ct_part(parts, x->py_start ? "program_work" : "after_imports", ns, NULL);
	}
	if (!x->seen && !x->py_fin)
		return rc;
	at = ct_exit_own(&x->w[CT_XW_PYATEXIT], left, &cpu);
	at += ct_exit_own(&x->w[CT_XW_CATEXIT], left, &cpu2);
	known = (cpu || !x->w[CT_XW_PYATEXIT].a) && (cpu2 || !x->w[CT_XW_CATEXIT].a);
	ns = (cpu ? *cpu : 0) + (cpu2 ? *cpu2 : 0);
	rc |= ct_part(parts, "atexit", at, known ? &ns : NULL);
	if (x->py_fin) {
		ns = ct_exit_own(&x->w[CT_XW_FINAL], left, &cpu);
		rc |= ct_part(parts, "finalization", ns, cpu);
	}
	ns = ct_exit_own(&x->w[CT_XW_NATIVE], left, &cpu);
	return rc || ct_part(parts, "native_exit", ns, cpu);
}

static cJSON *ct_parts(const struct ct_split *s)
{
	cJSON *parts = cJSON_CreateArray();
	int64_t left = s->life, fs = s->fs[0] + s->fs[1] + s->fs[2];
	int64_t dl = ct_clamp(s->dl_all, &left);
	int64_t f = ct_clamp(fs, &left);
	int64_t py = ct_clamp(s->self[CT_CAT_IMP] - s->dl[CT_CAT_IMP] - s->fs[CT_CAT_IMP], &left);
	int64_t ext = ct_clamp(s->self[CT_CAT_EXT] - s->dl[CT_CAT_EXT] - s->fs[CT_CAT_EXT], &left);
	int64_t pre = ct_clamp(ct_window(s->start, s->first_imp) - s->pre, &left);
	int rc = ct_part(parts, "native_loading", dl, NULL) ||
		 ct_part(parts, "python_imports", py, NULL) ||
		 ct_part(parts, "extension_init", ext, NULL) || ct_part(parts, "filesystem", f, NULL);

	if (s->first_imp)
		rc |= ct_part(parts, "before_imports", pre, NULL);
	rc |= ct_parts_exit(parts, s, &left);
	if (rc || ct_part(parts, "rest", left, NULL)) {
		cJSON_Delete(parts);
		return NULL;
	}
	return parts;
}

void ct_time_split(struct ct_build *b)
{
	struct ct_split s;
	struct ct_span *u = b->dl_spans.v;
	size_t i, nu;
	cJSON *o = cJSON_CreateObject();

	memset(&s, 0, sizeof(s));
	s.py = &b->py;
	s.start = b->p->start_ns;
	s.life = b->p->end_ns > b->p->start_ns ? ct_ns(b->p->end_ns - b->p->start_ns) : 0;
	ct_imports_cat(&s);
	ct_exit_windows(&s.x, b, s.last_imp, s.start + (uint64_t)s.life);
	nu = ct_dl_union(&s, u, b->dl_spans.n);   /* the spans become the union */
	b->dl_spans.n = nu;
	for (i = 0; i < b->fs_spans.n; i++)
		if (!ct_time_inside(u, nu, b->fs_spans.v[i].t_ns))
			ct_charge(&s, 1, &b->fs_spans.v[i], ct_ns(b->fs_spans.v[i].dur_ns));
	if (ct_add_int(o, "traced_ns", s.life) || ct_add_item(o, "parts", ct_parts(&s)) ||
	    ct_add_item(o, "windows", ct_exit_windows_json(&s.x))) {
		cJSON_Delete(o);
		o = NULL;
	}
	b->time = o;
}

static cJSON *ct_part_cpu(const char *key, int64_t ns, const int64_t *cpu)
{
	cJSON *o = cJSON_CreateObject();

	if (ct_add_str(o, "part", key) || ct_add_int(o, "ns", ns) ||
	    ct_add_int_or_null(o, "cpu_ns", cpu ? *cpu : 0, cpu != NULL)) {
		cJSON_Delete(o);
		return NULL;
	}
	return o;
}

/* The parts with native_loading in three (a new array: cJSON 1.7.15's
 * InsertItemInArray fails past the head). */
static cJSON *ct_parts_split(const cJSON *parts, const int64_t ns[3], const int64_t *cpu)
{
	static const char *const keys[3] = { "dlopen_search_map", "dlopen_relocation",
					     "dlopen_constructors" };
	cJSON *out = cJSON_CreateArray();
	const cJSON *p;
	int64_t total = ns[0] + ns[1] + ns[2], dl, left, share;
	int i, rc = 0;

	cJSON_ArrayForEach(p, parts) {
		if (strcmp(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(p, "part")), "native_loading")) {
			rc |= ct_push(out, cJSON_Duplicate(p, 1));
			continue;
		}
		left = dl = (int64_t)ct_raw_u64(p, "ns");
		for (i = 0; i < 3; i++) {   /* the union's time in the calls' proportions */
			share = i < 2 ? (int64_t)((__int128)dl * ns[i] / total) : left;
			left -= share;
			rc |= ct_push(out, ct_part_cpu(keys[i], share, cpu ? &cpu[i] : NULL));
		}
	}
	if (rc) {
		cJSON_Delete(out);
		return NULL;
	}
	return out;
}

void ct_time_loader(cJSON *time, const int64_t ns[3], const int64_t *cpu)
{
	cJSON *parts = ns[0] + ns[1] + ns[2] > 0 ?
		       ct_parts_split(cJSON_GetObjectItemCaseSensitive(time, "parts"), ns, cpu) : NULL;

	if (parts && !cJSON_ReplaceItemInObjectCaseSensitive(time, "parts", parts))
		cJSON_Delete(parts);
}
