/*
 * json.c -- small cJSON helpers: exact integers, UTF-8-safe strings.
 *
 * cJSON ownership passes only on success: every helper that takes an item
 * deletes it itself when adding fails, so callers never leak or double-free.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "json.h"
#include "arena.h"
#include "utf8.h"

/* cJSON_GetObjectItemCaseSensitive, its first byte compared before the
 * strcmp: the merge's passes over processes[] look up members of ~35. */
cJSON *ct_jget(const cJSON *o, const char *k)
{
	cJSON *c = o && k ? o->child : NULL;

	while (c && c->string && (c->string[0] != k[0] || strcmp(c->string, k)))
		c = c->next;
	return c && c->string ? c : NULL;
}

int ct_add_item(cJSON *o, const char *k, cJSON *item)
{
	if (!item)
		return -1;
	if (!o || !cJSON_AddItemToObject(o, k, item)) {
		cJSON_Delete(item);
		return -1;
	}
	return 0;
}

int ct_push(cJSON *arr, cJSON *item)
{
	if (!item)
		return -1;
	if (!arr || !cJSON_AddItemToArray(arr, item)) {
		cJSON_Delete(item);
		return -1;
	}
	return 0;
}

int ct_push_or_drop(cJSON *arr, cJSON *item, int failed)
{
	return failed ? (cJSON_Delete(item), -1) : ct_push(arr, item);
}

int ct_add_or_drop(cJSON *o, const char *k, cJSON *item, int failed)
{
	return failed ? (cJSON_Delete(item), -1) : ct_add_item(o, k, item);
}

int ct_take(cJSON *o, const char *k, cJSON **item)
{
	cJSON *a = *item;

	*item = NULL;
	return ct_add_item(o, k, a);
}

/* Replaces key k of rec with item (deleting item when that fails). */
int ct_rec_set(cJSON *rec, const char *k, cJSON *item)
{
	if (!item)
		return -1;
	if (cJSON_GetObjectItemCaseSensitive(rec, k))
		return cJSON_ReplaceItemInObjectCaseSensitive(rec, k, item) ? 0 : (cJSON_Delete(item), -1);
	return ct_add_item(rec, k, item);
}

/* cJSON (1.7.15) prints every number with "%1.15g", a sscanf round trip
 * and often "%1.17g", and a double holds integers exactly only up to 2^53:
 * integers are written as raw integer text instead, exact and several
 * times faster (the merge runs inside the launcher's measured wall time).
 * The item and its text are one allocation: the text is marked a
 * reference (cJSON_Delete leaves it) and goes with the item.
 * Nothing reads these numbers back from the tree before it is printed. */
cJSON *ct_int_json(int64_t v)
{
	char buf[24], *p = buf + sizeof(buf);
	uint64_t u = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
	cJSON *item;

	*--p = '\0';
	do
		*--p = (char)('0' + u % 10);
	while ((u /= 10) != 0);
	if (v < 0)
		*--p = '-';
	item = ct_json_alloc(sizeof(*item) + (size_t)(buf + sizeof(buf) - p));
	if (!item)
		return NULL;
	memset(item, 0, sizeof(*item));
	item->type = cJSON_Raw | cJSON_IsReference;
	item->valuestring = memcpy(item + 1, p, (size_t)(buf + sizeof(buf) - p));
	return item;
}

int ct_add_int(cJSON *o, const char *k, int64_t v)
{
	return ct_add_item(o, k, ct_int_json(v));
}

int ct_add_int_or_null(cJSON *o, const char *k, int64_t v, int known)
{
	return ct_add_item(o, k, known ? ct_int_json(v) : cJSON_CreateNull());
}

/* A string item and its text in one allocation (see ct_int_json). */
static cJSON *ct_str_item(const char *s, size_t len)
{
	cJSON *item = ct_json_alloc(sizeof(*item) + len + 1);

	if (!item)
		return NULL;
	memset(item, 0, sizeof(*item));
	item->type = cJSON_String | cJSON_IsReference;
	item->valuestring = memcpy(item + 1, s, len + 1);
	return item;
}

/* JSON text must be UTF-8, paths and argv need not be: the rule of
 * lib/utf8.h. */
cJSON *ct_str_json(const char *s)
{
	size_t len = strlen(s);
	char *copy;
	cJSON *j;

	if (ct_utf8_valid(s, len))
		return ct_str_item(s, len);
	copy = ct_utf8_fix(s);
	j = copy ? ct_str_item(copy, strlen(copy)) : NULL;
	free(copy);
	return j;
}

int ct_add_str(cJSON *o, const char *k, const char *v)
{
	return ct_add_item(o, k, v ? ct_str_json(v) : cJSON_CreateNull());
}

int ct_add_str_or_null(cJSON *o, const char *k, const char *v)
{
	return ct_add_str(o, k, v && *v ? v : NULL);
}

int ct_add_bool(cJSON *o, const char *k, int v)
{
	return ct_add_item(o, k, cJSON_CreateBool(v));
}

int ct_add_null(cJSON *o, const char *k)
{
	return ct_add_item(o, k, cJSON_CreateNull());
}

int ct_add_num(cJSON *o, const char *k, double v)
{
	return ct_add_item(o, k, cJSON_CreateNumber(v));
}

/* "a\x1fb\x1fc" -> ["a","b","c"]; "" -> []. */
cJSON *ct_split_json(const char *joined, char sep)
{
	cJSON *arr = cJSON_CreateArray();
	const char *p = joined, *q;
	char *part;

	if (!arr || !joined || !*joined)
		return arr;
	for (;;) {
		q = strchr(p, sep);
		part = strndup(p, q ? (size_t)(q - p) : strlen(p));
		if (!part || ct_push(arr, ct_str_json(part)) < 0) {
			free(part);
			cJSON_Delete(arr);
			return NULL;
		}
		free(part);
		if (!q)
			return arr;
		p = q + 1;
	}
}

/* "<k>_bytes": the exact bytes of a value that is not UTF-8. */
static int ct_bytes_key(char *buf, size_t n, const char *k)
{
	return snprintf(buf, n, "%s_bytes", k) < (int)n ? 0 : -1;
}

int ct_add_bytes(cJSON *o, const char *k, const char *v)
{
	char key[64], *esc;
	int rc = ct_add_str(o, k, v);

	if (!v || ct_utf8_valid(v, strlen(v)))
		return rc;
	esc = ct_bytes_escape(v);
	rc |= !esc || ct_bytes_key(key, sizeof(key), k) ? -1 : ct_add_str(o, key, esc);
	free(esc);
	return rc;
}

int ct_add_split(cJSON *o, const char *k, const char *joined, char sep)
{
	char key[64], *esc;
	int rc = ct_add_item(o, k, ct_split_json(joined, sep));

	if (!joined || ct_utf8_valid(joined, strlen(joined)))
		return rc;
	esc = ct_bytes_escape(joined);   /* sep is ASCII: kept as it is */
	rc |= !esc || ct_bytes_key(key, sizeof(key), k) ? -1 :
	      ct_add_item(o, key, ct_split_json(esc, sep));
	free(esc);
	return rc;
}

/* v as it is, or escaped: its exact bytes (lib/utf8.h). */
static cJSON *ct_strv_item(const char *v, int escape)
{
	char *esc;
	cJSON *j;

	if (!escape)
		return ct_str_json(v);
	esc = ct_bytes_escape(v);
	j = esc ? ct_str_json(esc) : NULL;
	free(esc);
	return j;
}

int ct_add_strv(cJSON *o, const char *k, char *const *v)
{
	cJSON *arr = cJSON_CreateArray(), *raw = NULL;
	char key[64];
	size_t i;
	int rc = 0, exact = 1;

	for (i = 0; v && v[i]; i++)
		exact &= ct_utf8_valid(v[i], strlen(v[i]));
	if (!exact)
		raw = cJSON_CreateArray();
	for (i = 0; v && v[i]; i++) {
		rc |= ct_push(arr, ct_strv_item(v[i], 0));
		if (!exact)
			rc |= ct_push(raw, ct_strv_item(v[i], 1));
	}
	rc |= ct_add_item(o, k, arr);
	if (!exact && ct_bytes_key(key, sizeof(key), k) < 0) {
		cJSON_Delete(raw);
		return -1;
	}
	return exact ? rc : rc | ct_add_item(o, key, raw);
}
