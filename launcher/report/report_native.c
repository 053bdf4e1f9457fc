/*
 * report_native.c -- "Native initialisation": each object's initialisers
 * by their own time (nested dlopens subtracted), the dlopens by relocation
 * and the start-up load, from the record's libraries[].constructors,
 * dlopens[].phases and loader.startup (`ct-launch --loader`).
 * Never: a row made up where the record has null (a run without
 * --loader says how to get them instead).
 */
#include <stdlib.h>
#include <string.h>

#include "lib/fmt.h"
#include "report.h"

static int ct_by_ns(const void *a, const void *b)
{
	int64_t x = ct_rint(*(cJSON *const *)a, "ns"), y = ct_rint(*(cJSON *const *)b, "ns");

	return (x < y) - (x > y);
}

/* Rows made by row() (NULL: skipped) for the items of arr that have key,
 * the n largest by their "ns"; *count: how many rows there were. */
static cJSON *ct_top(const cJSON *arr, const char *key, int n, cJSON *(*row)(const cJSON *),
		     int *count)
{
	cJSON **v = calloc((size_t)cJSON_GetArraySize(arr) + 1, sizeof(*v));
	cJSON *out = cJSON_CreateArray();
	const cJSON *it;
	size_t k = 0, i;

	cJSON_ArrayForEach(it, arr)
		if (v && cJSON_IsObject(ct_rget(it, key)) && (v[k] = row(it)))
			k++;
	if (k)
		qsort(v, k, sizeof(*v), ct_by_ns);
	for (i = 0; i < k; i++)
		if ((int)i >= n)
			cJSON_Delete(v[i]);
		else
			ct_push(out, v[i]);   /* deletes v[i] when it fails */
	*count = (int)k;
	free(v);
	return out;
}

static void ct_num(cJSON *o, const char *k, const cJSON *from, const char *fk)
{
	int64_t v = ct_rint(from, fk);

	if (v >= 0)
		ct_add_num(o, k, (double)v);
	else
		ct_add_null(o, k);
}

static cJSON *ct_obj_row(const cJSON *lib)
{
	const cJSON *c = ct_rget(lib, "constructors");
	cJSON *o = cJSON_CreateObject();
	static const char *const keys[] = { "ns", "cpu_ns", "nested_ns", "entries", "order",
					    "major_faults", "read_bytes" };
	size_t i;

	if (ct_rstr(lib, "how") && !strcmp(ct_rstr(lib, "how"), "own")) {
		cJSON_Delete(o);
		return NULL;   /* coldtrace's own: never billed to the program */
	}
	ct_add_str(o, "path", ct_rstr(lib, "path") ? ct_rstr(lib, "path") : "?");
	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		ct_num(o, keys[i], c, keys[i]);
	return o;
}

static cJSON *ct_dl_row(const cJSON *d)
{
	static const char *const phases[] = { "search_map", "relocation", "constructors" };
	const cJSON *ph = ct_rget(d, "phases");
	cJSON *o = cJSON_CreateObject(), *p;
	size_t i;

	ct_add_str(o, "requested", ct_rstr(d, "requested") ? ct_rstr(d, "requested") : "?");
	ct_num(o, "ns", d, "dur_ns");
	for (i = 0; i < 3; i++) {
		p = cJSON_AddObjectToObject(o, phases[i]);
		ct_num(p, "ns", ct_rget(ph, phases[i]), "ns");
		ct_num(p, "cpu_ns", ct_rget(ph, phases[i]), "cpu_ns");
	}
	if (ct_rstr(ph, "failed_in"))
		ct_add_str(o, "failed_in", ct_rstr(ph, "failed_in"));
	return o;
}

/* NULL for an image traced without --loader. */
static cJSON *ct_native_image(const struct ct_rctx *c, size_t i)
{
	const cJSON *proc = c->img[i].proc, *loader = ct_rget(proc, "loader");
	cJSON *o;
	int nobj = 0, ndl = 0;

	if (!cJSON_IsObject(loader))
		return NULL;
	o = cJSON_CreateObject();
	ct_add_num(o, "pid", c->img[i].pid);
	ct_add_str(o, "process", ct_rimage_name(proc));
	ct_add_item(o, "objects", ct_top(ct_rget(proc, "libraries"), "constructors",
						   c->o->top, ct_obj_row, &nobj));
	ct_add_num(o, "objects_timed", nobj);
	ct_add_item(o, "dlopens", ct_top(ct_rget(proc, "dlopens"), "phases", c->o->top,
						   ct_dl_row, &ndl));
	ct_add_item(o, "startup", cJSON_Duplicate(ct_rget(loader, "startup"), 1));
	if (ct_rstr(loader, "observe_only"))
		ct_add_str(o, "observe_only", ct_rstr(loader, "observe_only"));
	ct_add_null(o, "symbol_lookups");
	return o;
}

cJSON *ct_rsec_native(const struct ct_rctx *c)
{
	return ct_rsec_images(c, ct_native_image,
		"initialisers timed one object at a time by the audit library (--loader); an "
		"object's own time excludes dlopens its initialisers made; symbol lookups are "
		"not counted (glibc keeps one process-wide counter, not found safely)");
}

static const char *ct_base(const char *p)
{
	const char *s = p ? strrchr(p, '/') : NULL;

	return s ? s + 1 : p ? p : "?";
}

static void ct_show_objects(FILE *out, const cJSON *img)
{
	const cJSON *r;
	char a[32], b[32], n[32];

	fprintf(out, "  %-44s %10s %10s %8s %10s\n", "objects by their initialisers' own time",
		"wall", "cpu", "entries", "nested");
	cJSON_ArrayForEach(r, ct_rget(img, "objects"))
		fprintf(out, "    %-42.42s %10s %10s %8lld %10s\n", ct_base(ct_rstr(r, "path")),
			ct_fmt_ms(a, sizeof(a), ct_rint(r, "ns")), ct_fmt_ms(b, sizeof(b), ct_rint(r, "cpu_ns")),
			(long long)ct_rint(r, "entries"), ct_fmt_ms(n, sizeof(n), ct_rint(r, "nested_ns")));
}

static void ct_show_dlopens(FILE *out, const cJSON *img)
{
	const cJSON *r;
	char t[32], s[32], l[32], k[32];

	fprintf(out, "  %-44s %10s %10s %10s %10s\n", "dlopens", "total", "search+map", "relocation",
		"constructors");
	cJSON_ArrayForEach(r, ct_rget(img, "dlopens"))
		fprintf(out, "    %-42.42s %10s %10s %10s %10s%s%s\n", ct_base(ct_rstr(r, "requested")),
			ct_fmt_ms(t, sizeof(t), ct_rint(r, "ns")),
			ct_fmt_ms(s, sizeof(s), ct_rint(ct_rget(r, "search_map"), "ns")),
			ct_fmt_ms(l, sizeof(l), ct_rint(ct_rget(r, "relocation"), "ns")),
			ct_fmt_ms(k, sizeof(k), ct_rint(ct_rget(r, "constructors"), "ns")),
			ct_rstr(r, "failed_in") ? "  failed in " : "",
			ct_rstr(r, "failed_in") ? ct_rstr(r, "failed_in") : "");
}

void ct_rshow_native(FILE *out, const cJSON *s, const struct ct_rctx *c)
{
	const cJSON *img, *st;
	char note[160], a[32], b[32];

	(void)c;
	cJSON_ArrayForEach(img, ct_rget(s, "images")) {
		snprintf(note, sizeof(note), "pid %lld %s: %lld objects' initialisers timed",
			 (long long)ct_rint(img, "pid"), ct_rstr(img, "process"),
			 (long long)ct_rint(img, "objects_timed"));
		ct_fmt_heading(out, "Native initialisation", note);
		if (ct_rstr(img, "observe_only"))
			fprintf(out, "  observe only: %s\n", ct_rstr(img, "observe_only"));
		ct_show_objects(out, img);
		ct_show_dlopens(out, img);
		st = ct_rget(img, "startup");
		if (cJSON_IsObject(st))
			fprintf(out, "  start-up load: search, map and relocation %s (one phase: ld.so "
				     "reports it only after relocating), constructors %s\n",
				ct_fmt_ms(a, sizeof(a), ct_rint(ct_rget(st, "search_map_relocation"), "ns")),
				ct_fmt_ms(b, sizeof(b), ct_rint(ct_rget(st, "constructors"), "ns")));
		fprintf(out, "  %ssymbol lookups: not counted%s\n", ct_c(CT_C_DIM), ct_c(CT_C_OFF));
	}
}
