/*
 * map.h -- small open-addressing hash maps (merger, report, export).
 *
 * Keys are 64-bit integers (import ids, tids, dlopen sequence numbers) or
 * strings (paths).  String keys are borrowed: they must outlive the map.
 * Never: a lookup that loops forever (the table is kept at most half full).
 */
#ifndef CT_MAP_H
#define CT_MAP_H

#include <stddef.h>
#include <stdint.h>

struct ct_map_slot {
	uint64_t key;           /* integer key, or the string's hash */
	const char *str;        /* NULL for integer keys */
	void *val;              /* NULL: empty slot */
};

struct ct_map {
	struct ct_map_slot *slots;
	size_t cap;             /* power of two, or 0 */
	size_t len;
};

/* Values must be non-NULL.  Put replaces.  0 or -1 (out of memory). */
int ct_map_put(struct ct_map *m, uint64_t key, void *val);
void *ct_map_get(const struct ct_map *m, uint64_t key);
int ct_map_sput(struct ct_map *m, const char *key, void *val);
void *ct_map_sget(const struct ct_map *m, const char *key);
void ct_map_free(struct ct_map *m);

/* Count maps: string key -> count, the map owning a copy of each key. */
struct ct_count {
	int64_t n;
	char key[];
};
/* Adds add to key's count (a new key starts at add).  0 or -1. */
int ct_count_add(struct ct_map *m, const char *key, int64_t add);
int64_t ct_count_get(const struct ct_map *m, const char *key);   /* 0 if absent */
/* The counts by count, largest first, then by key: a malloc'd array of
 * m->len pointers into the map (NULL when out of memory). */
const struct ct_count **ct_count_sorted(const struct ct_map *m);
void ct_count_free(struct ct_map *m);   /* the map with its keys */

#endif
