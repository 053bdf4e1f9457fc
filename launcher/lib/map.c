/*
 * map.c -- open-addressing hash maps (linear probing, no deletion).
 *
 * Never more than half full, so every probe sequence ends at an empty slot.
 * Count maps own their keys: a count and its key are one allocation.
 */
#include <stdlib.h>
#include <string.h>

#include "map.h"

static uint64_t ct_mix(uint64_t x)
{
	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdULL;
	x ^= x >> 33;
	return x;
}

static uint64_t ct_str_hash(const char *s)
{
	uint64_t h = 1469598103934665603ULL;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 1099511628211ULL;
	return h;
}

static struct ct_map_slot *ct_map_find(const struct ct_map *m, uint64_t key,
				       const char *str)
{
	size_t i = ct_mix(key) & (m->cap - 1);
	struct ct_map_slot *s;

	for (;; i = (i + 1) & (m->cap - 1)) {
		s = &m->slots[i];
		if (!s->val)
			return s;
		if (s->key == key && (!str ? !s->str : s->str && !strcmp(s->str, str)))
			return s;
	}
}

static int ct_map_grow(struct ct_map *m)
{
	struct ct_map old = *m;
	size_t i;

	m->cap = old.cap ? old.cap * 2 : 64;
	m->slots = calloc(m->cap, sizeof(*m->slots));
	if (!m->slots) {
		*m = old;
		return -1;
	}
	for (i = 0; i < old.cap; i++)
		if (old.slots[i].val)
			*ct_map_find(m, old.slots[i].key, old.slots[i].str) = old.slots[i];
	free(old.slots);
	return 0;
}

static int ct_map_insert(struct ct_map *m, uint64_t key, const char *str, void *val)
{
	struct ct_map_slot *s;

	if ((m->len + 1) * 2 > m->cap && ct_map_grow(m) < 0)
		return -1;
	s = ct_map_find(m, key, str);
	if (!s->val)
		m->len++;
	s->key = key;
	s->str = str;
	s->val = val;
	return 0;
}

int ct_map_put(struct ct_map *m, uint64_t key, void *val)
{
	return ct_map_insert(m, key, NULL, val);
}

void *ct_map_get(const struct ct_map *m, uint64_t key)
{
	return m->cap ? ct_map_find(m, key, NULL)->val : NULL;
}

int ct_map_sput(struct ct_map *m, const char *key, void *val)
{
	return ct_map_insert(m, ct_str_hash(key), key, val);
}

void *ct_map_sget(const struct ct_map *m, const char *key)
{
	return m->cap ? ct_map_find(m, ct_str_hash(key), key)->val : NULL;
}

void ct_map_free(struct ct_map *m)
{
	free(m->slots);
	memset(m, 0, sizeof(*m));
}

int64_t ct_count_get(const struct ct_map *m, const char *key)
{
	const struct ct_count *c = ct_map_sget(m, key);

	return c ? c->n : 0;
}

int ct_count_add(struct ct_map *m, const char *key, int64_t add)
{
	struct ct_count *c = ct_map_sget(m, key);
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

void ct_count_free(struct ct_map *m)
{
	size_t i;

	for (i = 0; i < m->cap; i++)
		free(m->slots[i].val);
	ct_map_free(m);
}

static int ct_count_cmp(const void *a, const void *b)
{
	const struct ct_count *x = *(const struct ct_count *const *)a;
	const struct ct_count *y = *(const struct ct_count *const *)b;

	if (x->n != y->n)
		return x->n < y->n ? 1 : -1;
	return strcmp(x->key, y->key);
}

const struct ct_count **ct_count_sorted(const struct ct_map *m)
{
	const struct ct_count **v = calloc(m->len ? m->len : 1, sizeof(*v));
	size_t i, k = 0;

	for (i = 0; v && i < m->cap; i++)
		if (m->slots[i].val)
			v[k++] = m->slots[i].val;
	if (v)
		qsort(v, k, sizeof(*v), ct_count_cmp);
	return v;
}
