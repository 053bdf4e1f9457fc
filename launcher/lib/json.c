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

/* Whether none of the n bytes at s has its high bit set, 8 at a time. */
static int ct_ascii(const char *s, size_t n)
{
	uint64_t w, any = 0;
	size_t i = 0;

	for (; i + 8 <= n; i += 8) {
		memcpy(&w, s + i, 8);
		any |= w;
	}
	for (; i < n; i++)
		any |= (unsigned char)s[i];
	return !(any & 0x8080808080808080ull);
}

/* Length of the valid UTF-8 sequence at p, 0 when it is not one. */
static size_t ct_utf8_len(const unsigned char *p)
{
	size_t n, i;

	if (p[0] < 0x80)
		return 1;
	if (p[0] >= 0xc2 && p[0] <= 0xdf)
		n = 2;
	else if (p[0] >= 0xe0 && p[0] <= 0xef)
		n = 3;
	else if (p[0] >= 0xf0 && p[0] <= 0xf4)
		n = 4;
	else
		return 0;
	for (i = 1; i < n; i++)
		if ((p[i] & 0xc0) != 0x80)
			return 0;
	return n;
}

size_t ct_utf8_cut(const char *s, size_t k)
{
	while (k > 0 && ((unsigned char)s[k] & 0xc0) == 0x80)
		k--;
	return k;
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

/* JSON text must be UTF-8, paths and argv need not be: each byte that is
 * not part of a valid sequence becomes U+FFFD. */
cJSON *ct_str_json(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n, out = 0, len = strlen(s);
	char *copy;
	cJSON *j;

	if (ct_ascii(s, len))
		return ct_str_item(s, len);
	while (*p && (n = ct_utf8_len(p)))
		p += n;
	if (!*p)
		return ct_str_item(s, len);
	copy = malloc(len * 3 + 1);
	if (!copy)
		return NULL;
	for (p = (const unsigned char *)s; *p; p += n ? n : 1) {
		n = ct_utf8_len(p);
		if (n) {
			memcpy(copy + out, p, n);
			out += n;
		} else {
			memcpy(copy + out, "\xef\xbf\xbd", 3);
			out += 3;
		}
	}
	copy[out] = 0;
	j = ct_str_item(copy, out);
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
