/*
 * series_sets.c -- what every run of a series loaded: the imports common
 * to all runs with their statistics (per group too, cold and warm, in a
 * --cache both series), and the sets that differ between runs.
 *
 * The same workload should load the same libraries and imports every
 * time; a difference is named (the first few paths or modules), never
 * averaged away.  Never: a ranking on a figure one run alone produced.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/json.h"
#include "lib/map.h"
#include "report/load.h"
#include "series.h"

#define CT_SET_NAMES 3          /* differences named per warning */

struct ct_rsets {
	int ok;                 /* the record was read */
	struct ct_map self_us, cum_us;  /* module -> summed over processes */
	struct ct_map majflt;   /* module -> major faults (known ones), summed */
	struct ct_map libs;     /* realpath -> count (non-coldtrace) */
	struct ct_map dlread;   /* dlopen'ed path -> storage bytes its calls read */
	struct ct_map ctor;     /* path -> its initialisers' own ns (--loader) */
	char verdict[64];
	cJSON *host;            /* the record's host{} */
};

/* One of a run's maps, named by its offset in struct ct_rsets. */
#define CT_OF(field) offsetof(struct ct_rsets, field)
#define CT_MAP_AT(t, off) ((const struct ct_map *)(const void *)((const char *)(t) + (off)))

static void ct_sets_proc(struct ct_rsets *t, const cJSON *p)
{
	const cJSON *x;

	cJSON_ArrayForEach(x, ct_rget(p, "imports"))
		if (ct_rstr(x, "module")) {
			ct_count_add(&t->self_us, ct_rstr(x, "module"), ct_rint(x, "self_us"));
			ct_count_add(&t->cum_us, ct_rstr(x, "module"), ct_rint(x, "cumulative_us"));
			if (ct_rint(x, "major_faults") >= 0)
				ct_count_add(&t->majflt, ct_rstr(x, "module"),
					     ct_rint(x, "major_faults"));
		}
	cJSON_ArrayForEach(x, ct_rget(p, "dlopens"))
		if (ct_rstr(x, "path") && ct_rint(x, "read_bytes") >= 0)
			ct_count_add(&t->dlread, ct_rstr(x, "path"), ct_rint(x, "read_bytes"));
	cJSON_ArrayForEach(x, ct_rget(p, "libraries")) {
		if (!cJSON_IsTrue(ct_rget(x, "own")) && ct_rstr(x, "realpath"))
			ct_count_add(&t->libs, ct_rstr(x, "realpath"), 1);
		if (!cJSON_IsTrue(ct_rget(x, "own")) && ct_rstr(x, "path") &&
		    ct_rint(ct_rget(x, "constructors"), "ns") >= 0)
			ct_count_add(&t->ctor, ct_rstr(x, "path"),
				     ct_rint(ct_rget(x, "constructors"), "ns"));
	}
}

static void ct_sets_load(const struct ct_series *s, size_t k, struct ct_rsets *t)
{
	struct ct_ropts o = { .top = 1 };
	struct ct_rctx c;
	char dir[4200];
	size_t i;

	memset(&c, 0, sizeof(c));
	c.o = &o;
	snprintf(dir, sizeof(dir), "%s/%03d", s->dir, s->run[k].index);
	t->ok = ct_report_load(&c, dir) == 0;
	for (i = 0; t->ok && i < c.nimg; i++)
		ct_sets_proc(t, c.img[i].proc);
	t->host = t->ok ? cJSON_Duplicate(ct_rget(c.rec, "host"), 1) : NULL;
	snprintf(t->verdict, sizeof(t->verdict), "%s",
		 t->ok && ct_rstr(ct_rget(c.rec, "cuda"), "verdict") ?
		 ct_rstr(ct_rget(c.rec, "cuda"), "verdict") : "?");
	ct_report_free(&c);
}

static struct ct_rsets *ct_sets_all(const struct ct_series *s)
{
	struct ct_rsets *t = calloc(s->nrun ? s->nrun : 1, sizeof(*t));
	size_t k;

	for (k = 0; t && k < s->nrun; k++)
		ct_sets_load(s, k, &t[k]);
	return t;
}

static void ct_sets_free(struct ct_rsets *t, size_t n)
{
	size_t k;

	for (k = 0; t && k < n; k++) {
		ct_count_free(&t[k].self_us);
		ct_count_free(&t[k].cum_us);
		ct_count_free(&t[k].majflt);
		ct_count_free(&t[k].libs);
		ct_count_free(&t[k].dlread);
		ct_count_free(&t[k].ctor);
		cJSON_Delete(t[k].host);
	}
	free(t);
}

/* Statistics of one key's figure across the runs of group (NULL: all)
 * whose map has the key (a major-fault count only where measured). */
static cJSON *ct_key_stat(const struct ct_series *s, struct ct_rsets *t, const char *group,
			  size_t map_off, const char *mod)
{
	size_t n = s->nrun;
	double *v = malloc(n * sizeof(*v));
	int *idx = malloc(n * sizeof(*idx));
	size_t k, m = 0;
	cJSON *o;

	for (k = 0; v && idx && k < n; k++)
		if (t[k].ok && ct_map_sget(CT_MAP_AT(&t[k], map_off), mod) &&
		    (!group || !strcmp(group, s->run[k].group))) {
			idx[m] = s->run[k].index;
			v[m++] = (double)ct_count_get(CT_MAP_AT(&t[k], map_off), mod);
		}
	o = v && idx ? ct_stats_json(v, idx, m) : cJSON_CreateObject();
	free(v);
	free(idx);
	return o;
}

static int ct_in_every_run(struct ct_rsets *t, size_t n, const char *mod)
{
	size_t k;

	for (k = 0; k < n; k++)
		if (t[k].ok && !ct_map_sget(&t[k].cum_us, mod))
			return 0;
	return 1;
}

/* The median of item[key], 0 when absent. */
static double ct_key_median(const cJSON *item, const char *key)
{
	return cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(
		cJSON_GetObjectItemCaseSensitive(item, key), "median")) ?: 0;
}

static int ct_median_cmp(const void *a, const void *b, void *key)
{
	double x = ct_key_median(*(cJSON *const *)a, key), y = ct_key_median(*(cJSON *const *)b, key);

	return x > y ? -1 : x < y;
}

/* The array's items by the median of item[key], largest first. */
static cJSON *ct_rank(cJSON *arr, const char *key)
{
	int n = cJSON_GetArraySize(arr), i;
	cJSON **items = malloc((size_t)(n ? n : 1) * sizeof(*items));

	if (!items)
		return arr;
	for (i = 0; i < n; i++)
		items[i] = cJSON_DetachItemFromArray(arr, 0);
	qsort_r(items, (size_t)n, sizeof(*items), ct_median_cmp, (void *)key);
	for (i = 0; i < n; i++)
		cJSON_AddItemToArray(arr, items[i]);
	free(items);
	return arr;
}

/* {"self_us", "cumulative_us", "major_faults"} of one module over the
 * runs of group (NULL: all). */
static cJSON *ct_import_stats(const struct ct_series *s, struct ct_rsets *t, const char *group,
			      const char *mod)
{
	cJSON *imp = cJSON_CreateObject();

	ct_add_item(imp, "self_us", ct_key_stat(s, t, group, CT_OF(self_us), mod));
	ct_add_item(imp, "cumulative_us", ct_key_stat(s, t, group, CT_OF(cum_us), mod));
	ct_add_item(imp, "major_faults", ct_key_stat(s, t, group, CT_OF(majflt), mod));
	return imp;
}

/* --cache both: the same per group, {"cold": {...}, "warm": {...}}. */
static cJSON *ct_import_groups(const struct ct_series *s, struct ct_rsets *t, const char *mod)
{
	cJSON *g = cJSON_CreateObject();

	ct_add_item(g, "cold", ct_import_stats(s, t, "cold", mod));
	ct_add_item(g, "warm", ct_import_stats(s, t, "warm", mod));
	return g;
}

static cJSON *ct_imports(const struct ct_series *s, struct ct_rsets *t, size_t first)
{
	cJSON *arr = cJSON_CreateArray(), *imp;
	size_t i;

	for (i = 0; i < t[first].cum_us.cap; i++) {
		const struct ct_count *c = t[first].cum_us.slots[i].val;

		if (!c || !ct_in_every_run(t, s->nrun, c->key))
			continue;
		imp = ct_import_stats(s, t, NULL, c->key);
		ct_add_str(imp, "module", c->key);
		if (s->cache == CT_CACHE_BOTH)
			ct_add_item(imp, "groups", ct_import_groups(s, t, c->key));
		ct_push(arr, imp);
	}
	return ct_rank(arr, "cumulative_us");
}

/* Per object of the map at off (dlread: the storage its dlopen calls
 * read; ctor: its initialisers' own time), statistics per group, largest
 * cold (else overall) median first; objects whose figure is 0 in every
 * run are left out. */
static cJSON *ct_by_object(const struct ct_series *s, struct ct_rsets *t, size_t off)
{
	static const char *const groups[] = { "cold", "warm", "asis" };
	cJSON *arr = cJSON_CreateArray(), *o;
	struct ct_map seen = { 0 };
	size_t i, k, g;

	for (k = 0; k < s->nrun; k++)
		for (i = 0; t[k].ok && i < CT_MAP_AT(&t[k], off)->cap; i++) {
			const struct ct_count *c = CT_MAP_AT(&t[k], off)->slots[i].val;

			if (!c || !c->n || ct_map_sget(&seen, c->key))
				continue;
			ct_map_sput(&seen, c->key, (void *)c);
			o = cJSON_CreateObject();
			ct_add_str(o, "path", c->key);
			ct_add_item(o, "all", ct_key_stat(s, t, NULL, off, c->key));
			for (g = 0; g < 3; g++) {   /* the groups the series has */
				cJSON *st = ct_key_stat(s, t, groups[g], off, c->key);

				if (cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(st, "n")) > 0)
					ct_add_item(o, groups[g], st);
				else
					cJSON_Delete(st);
			}
			ct_push(arr, o);
		}
	ct_map_free(&seen);
	return ct_rank(arr, s->cache == CT_CACHE_COLD || s->cache == CT_CACHE_BOTH ? "cold" : "all");
}

/* Appends to text the keys of a that b lacks, as " +key" (sign '+') or
 * " -key"; returns how many there are. */
static size_t ct_set_minus(const struct ct_map *a, const struct ct_map *b, char sign,
			   char *text, size_t cap)
{
	size_t i, n = 0, len;

	for (i = 0; i < a->cap; i++) {
		const struct ct_count *c = a->slots[i].val;

		if (!c || ct_map_sget(b, c->key))
			continue;
		len = strlen(text);
		if (n++ < CT_SET_NAMES)
			snprintf(text + len, cap - len, " %c%s", sign, c->key);
	}
	return n;
}

static void ct_set_warn(cJSON *w, const char *what, int run, int ref,
			const struct ct_map *a, const struct ct_map *ref_set)
{
	char names[1024] = "", text[1200];
	size_t n = ct_set_minus(a, ref_set, '+', names, sizeof(names));

	n += ct_set_minus(ref_set, a, '-', names, sizeof(names));
	if (!n)
		return;
	snprintf(text, sizeof(text), "run %d loaded a different set of %s than run %d "
		 "(%zu differences):%s%s", run, what, ref, n, names,
		 n > 2 * CT_SET_NAMES ? " ..." : "");
	ct_push(w, cJSON_CreateString(text));
}

static void ct_sets_differ(const struct ct_series *s, struct ct_rsets *t, size_t first,
			   cJSON *w)
{
	char text[256];
	size_t k;
	int ref = s->run[first].index;

	for (k = first + 1; k < s->nrun; k++) {
		if (!t[k].ok)
			continue;
		ct_set_warn(w, "libraries", s->run[k].index, ref, &t[k].libs, &t[first].libs);
		ct_set_warn(w, "imports", s->run[k].index, ref, &t[k].cum_us, &t[first].cum_us);
		if (strcmp(t[k].verdict, t[first].verdict)) {
			snprintf(text, sizeof(text), "run %d has CUDA verdict '%s', run %d '%s'",
				 s->run[k].index, t[k].verdict, ref, t[first].verdict);
			ct_push(w, cJSON_CreateString(text));
		}
	}
}

void ct_series_sets(const struct ct_series *s, cJSON *root, cJSON *warnings)
{
	struct ct_rsets *t = ct_sets_all(s);
	size_t first = 0;

	while (t && first < s->nrun && !t[first].ok)
		first++;
	if (t && first < s->nrun) {
		ct_rec_set(root, "host", t[first].host ? t[first].host : cJSON_CreateNull());
		t[first].host = NULL;
		ct_add_item(root, "imports", ct_imports(s, t, first));
		ct_add_item(root, "dlopen_reads", ct_by_object(s, t, CT_OF(dlread)));
		ct_add_item(root, "constructors", ct_by_object(s, t, CT_OF(ctor)));
		ct_sets_differ(s, t, first, warnings);
	} else {
		ct_add_item(root, "imports", cJSON_CreateArray());
		ct_add_item(root, "dlopen_reads", cJSON_CreateArray());
		ct_add_item(root, "constructors", cJSON_CreateArray());
	}
	ct_sets_free(t, s->nrun);
}
