/*
 * report_util.c -- reading a record without trusting its shape, and the
 * count maps the report's lists are built from.
 *
 * A record may come from another version or be edited by hand: every
 * accessor answers "absent" (NULL, -1) for a missing key or a value of the
 * wrong type.  Never: a dereference of a missing item.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/fmt.h"
#include "report.h"

const cJSON *ct_rget(const cJSON *o, const char *key)
{
	return cJSON_IsObject(o) ? cJSON_GetObjectItemCaseSensitive(o, key) : NULL;
}

const char *ct_rstr(const cJSON *o, const char *key)
{
	const cJSON *v = ct_rget(o, key);

	return cJSON_IsString(v) ? v->valuestring : NULL;
}

int64_t ct_rint(const cJSON *o, const char *key)
{
	const cJSON *v = ct_rget(o, key);

	if (!cJSON_IsNumber(v) || !(v->valuedouble >= -CT_RMAX && v->valuedouble <= CT_RMAX))
		return -1;
	return (int64_t)v->valuedouble;
}

int64_t ct_rscaled(const cJSON *o, const char *key, int64_t k)
{
	int64_t v = ct_rint(o, key);

	return v < 0 ? -1 : v > CT_RMAX / k ? CT_RMAX : v * k;
}

void ct_radd(int64_t *acc, int64_t v)
{
	if (v > 0)
		*acc = *acc > CT_RMAX - v ? CT_RMAX : *acc + v;
}

const char *ct_rimage_name(const cJSON *proc)
{
	const cJSON *argv0 = cJSON_GetArrayItem(ct_rget(proc, "argv"), 0);
	const char *exe = ct_rstr(proc, "exe");

	if (cJSON_IsString(argv0) && argv0->valuestring[0])
		exe = argv0->valuestring;
	return exe ? ct_fmt_base(exe) : "?";
}

int ct_rjoin_argv(const cJSON *argv, char *buf, size_t n)
{
	const cJSON *a;
	size_t used = 0;
	int w;

	buf[0] = '\0';
	cJSON_ArrayForEach(a, argv) {
		if (!cJSON_IsString(a) || used >= n)
			continue;
		w = snprintf(buf + used, n - used, used ? " %s" : "%s", a->valuestring);
		used += w > 0 ? (size_t)w : 0;
	}
	return used < n ? 0 : -1;
}

int ct_radd_num(cJSON *o, const char *key, double v)
{
	return cJSON_AddNumberToObject(o, key, v) ? 0 : -1;
}

/* A count map's value: the count and the key it owns. */
struct ct_rcount {
	int64_t n;
	char key[];
};

int64_t ct_rmap_count(const struct ct_map *m, const char *key)
{
	const struct ct_rcount *c = ct_map_sget(m, key);

	return c ? c->n : 0;
}

int ct_rmap_add(struct ct_map *m, const char *key, int64_t add)
{
	struct ct_rcount *c = ct_map_sget(m, key);
	size_t len;

	if (c) {
		c->n += add;
		return 0;
	}
	len = strlen(key);
	c = malloc(sizeof(*c) + len + 1);
	if (!c)
		return -1;
	c->n = add;
	memcpy(c->key, key, len + 1);
	if (ct_map_sput(m, c->key, c) < 0) {
		free(c);
		return -1;
	}
	return 0;
}

void ct_rmap_free_keys(struct ct_map *m)
{
	size_t i;

	for (i = 0; i < m->cap; i++)
		free(m->slots[i].val);
	ct_map_free(m);
}

static int ct_count_cmp(const void *a, const void *b)
{
	const struct ct_rcount *x = *(const struct ct_rcount *const *)a;
	const struct ct_rcount *y = *(const struct ct_rcount *const *)b;

	if (x->n != y->n)
		return x->n < y->n ? 1 : -1;
	return strcmp(x->key, y->key);
}

cJSON *ct_rmap_top(const struct ct_map *m, const char *keyname, int n)
{
	const struct ct_rcount **v = calloc(m->len ? m->len : 1, sizeof(*v));
	cJSON *arr = cJSON_CreateArray(), *o;
	size_t i, k = 0;

	for (i = 0; v && i < m->cap; i++)
		if (m->slots[i].val)
			v[k++] = m->slots[i].val;
	if (v)
		qsort(v, k, sizeof(*v), ct_count_cmp);
	for (i = 0; v && arr && i < k && (int)i < n; i++) {
		o = cJSON_CreateObject();
		if (!cJSON_AddStringToObject(o, keyname, v[i]->key) ||
		    ct_radd_num(o, "count", (double)v[i]->n) < 0 ||
		    !cJSON_AddItemToArray(arr, o))
			cJSON_Delete(o);
	}
	free(v);
	return arr;
}
