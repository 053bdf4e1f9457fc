/*
 * diff_keys.c -- the sets a diff compares: per key (a soname, a module, a
 * path) its first record item and one figure per run, for each side.
 *
 * A key is in a side when any image of any of its runs has it: a series'
 * set is the union of its runs.  A figure is NAN in a run without the key,
 * so a module imported in 3 runs of 5 is compared on those 3.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lib/json.h"
#include "lib/vec.h"
#include "diff.h"

struct ct_dent *ct_dkeys_get(const struct ct_dkeys *k, const char *key)
{
	return ct_map_sget(&k->m, key);
}

static struct ct_dent *ct_dkeys_new(struct ct_dkeys *k, const char *key, const cJSON *item)
{
	size_t len = strlen(key), i;
	struct ct_dent *e = malloc(sizeof(*e) + len + 1);

	if (!e || !(e->v = malloc((k->nrun ? k->nrun : 1) * sizeof(double))) ||
	    CT_GROW(k->all, k->cap, k->n) < 0) {
		free(e ? e->v : NULL);
		free(e);
		return NULL;
	}
	memcpy(e->key, key, len + 1);
	e->item = item;
	for (i = 0; i < k->nrun; i++)
		e->v[i] = NAN;
	if (ct_map_sput(&k->m, e->key, e) < 0) {
		free(e->v);
		free(e);
		return NULL;
	}
	k->all[k->n++] = e;
	return e;
}

struct ct_dent *ct_dkeys_add(struct ct_dkeys *k, const char *key, const cJSON *item,
			     size_t irun, double v)
{
	struct ct_dent *e = ct_dkeys_get(k, key);

	if (!e && !(e = ct_dkeys_new(k, key, item)))
		return NULL;
	if (irun < k->nrun && !isnan(v))
		e->v[irun] = isnan(e->v[irun]) ? v : e->v[irun] + v;
	return e;
}

void ct_dkeys_free(struct ct_dkeys *k)
{
	size_t i;

	for (i = 0; i < k->n; i++) {
		free(k->all[i]->v);
		free(k->all[i]);
	}
	free(k->all);
	ct_map_free(&k->m);
	memset(k, 0, sizeof(*k));
}

void ct_dkeys_free2(struct ct_dkeys k[2])
{
	ct_dkeys_free(&k[0]);
	ct_dkeys_free(&k[1]);
}

void ct_dkeys_build(const struct ct_dctx *c, struct ct_dkeys k[2], ct_dkeys_fill fill,
		    const char *arg)
{
	const struct ct_dside *s;
	size_t side, r, i;

	for (side = 0; side < 2; side++) {
		s = &c->s[side];
		memset(&k[side], 0, sizeof(k[side]));
		k[side].nrun = s->n;
		for (r = 0; r < s->n; r++)
			for (i = 0; i < s->run[r].nimg; i++)
				fill(&k[side], s->run[r].img[i].proc, r, arg);
	}
}

cJSON *ct_dkeys_only(const struct ct_dkeys *in, const struct ct_dkeys *out,
		     cJSON *(*row)(const struct ct_dent *e))
{
	cJSON *arr = cJSON_CreateArray(), *o;
	size_t i;

	for (i = 0; i < in->n; i++)
		if (!ct_dkeys_get(out, in->all[i]->key) && (o = row(in->all[i])))
			cJSON_AddItemToArray(arr, o);
	return arr;
}

struct ct_dchange {
	const struct ct_dent *e;
	struct ct_dcmp cmp;
};

static int ct_dchange_order(const void *x, const void *y)
{
	const struct ct_dchange *a = x, *b = y;
	double da = fabs(a->cmp.change), db = fabs(b->cmp.change);

	if (da != db)
		return da > db ? -1 : 1;
	return strcmp(a->e->key, b->e->key);
}

cJSON *ct_dkeys_changes(const struct ct_dctx *c, const struct ct_dkeys k[2],
			const char *key_name, const char *unit, double min_abs)
{
	struct ct_dchange *ch = calloc(k[0].n + 1, sizeof(*ch));
	const struct ct_dent *b;
	cJSON *arr = cJSON_CreateArray(), *o;
	size_t i, n = 0;

	for (i = 0; ch && i < k[0].n; i++) {
		if (!(b = ct_dkeys_get(&k[1], k[0].all[i]->key)))
			continue;
		ch[n].e = k[0].all[i];
		ct_dcompare_c(c, k[0].all[i]->v, b->v, unit, &ch[n].cmp);
		if (fabs(ch[n].cmp.change) >= min_abs && ch[n].cmp.change != 0)
			n++;
	}
	if (ch)
		qsort(ch, n, sizeof(*ch), ct_dchange_order);
	for (i = 0; i < n && (int)i < c->o->top; i++) {
		o = ct_dcmp_json(&ch[i].cmp, unit);
		cJSON_AddStringToObject(o, key_name, ch[i].e->key);
		cJSON_AddItemToArray(arr, o);
	}
	free(ch);
	return arr;
}

/* The median of a key's known figures, 0 when it has none. */
static double ct_dkeys_median(const struct ct_dkeys *k, const char *key)
{
	const struct ct_dent *e = ct_dkeys_get(k, key);
	struct ct_dcmp cmp;

	if (!e)
		return 0;
	ct_dcompare(e->v, k->nrun, e->v, k->nrun, 0, "count", &cmp);
	return isnan(cmp.a) ? 0 : cmp.a;
}

cJSON *ct_dkeys_grown(const struct ct_dkeys k[2], const char *key_name)
{
	cJSON *arr = cJSON_CreateArray(), *o;
	double a, b;
	size_t i;

	for (i = 0; i < k[1].n; i++) {
		a = ct_dkeys_median(&k[0], k[1].all[i]->key);
		b = ct_dkeys_median(&k[1], k[1].all[i]->key);
		if (b <= a)
			continue;
		o = cJSON_CreateObject();
		cJSON_AddStringToObject(o, key_name, k[1].all[i]->key);
		cJSON_AddNumberToObject(o, "a", a);
		cJSON_AddNumberToObject(o, "b", b);
		cJSON_AddItemToArray(arr, o);
	}
	return arr;
}

cJSON *ct_dkeys_counts(const struct ct_dkeys k[2])
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddNumberToObject(o, "a", (double)k[0].n);
	cJSON_AddNumberToObject(o, "b", (double)k[1].n);
	return o;
}

cJSON *ct_dkeys_section(const struct ct_dctx *c, struct ct_dkeys k[2], ct_dkeys_fill fill,
			const char *arg, cJSON *(*row)(const struct ct_dent *e))
{
	cJSON *o = cJSON_CreateObject();

	ct_dkeys_build(c, k, fill, arg);
	ct_add_item(o, "count", ct_dkeys_counts(k));
	ct_add_item(o, "added", ct_dkeys_only(&k[1], &k[0], row));
	ct_add_item(o, "removed", ct_dkeys_only(&k[0], &k[1], row));
	return o;
}
