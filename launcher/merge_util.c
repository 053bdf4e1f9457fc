/*
 * merge_util.c -- small JSON and file helpers shared by the merger.
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

#include "merge_int.h"

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

/* cJSON (1.7.15) prints every number with "%1.15g", a sscanf round trip
 * and often "%1.17g", and a double holds integers exactly only up to 2^53:
 * integers are written as raw integer text instead, exact and several
 * times faster (the merge runs inside the launcher's measured wall time).
 * Nothing reads these numbers back from the tree before it is printed. */
void ct_sat_add(int64_t *acc, int64_t v)
{
	if (__builtin_add_overflow(*acc, v, acc))
		*acc = v < 0 ? INT64_MIN : INT64_MAX;
}

cJSON *ct_int_json(int64_t v)
{
	char buf[24], *p = buf + sizeof(buf);
	uint64_t u = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;

	*--p = '\0';
	do
		*--p = (char)('0' + u % 10);
	while ((u /= 10) != 0);
	if (v < 0)
		*--p = '-';
	return cJSON_CreateRaw(p);
}

int ct_add_int(cJSON *o, const char *k, int64_t v)
{
	return ct_add_item(o, k, ct_int_json(v));
}

int ct_add_int_or_null(cJSON *o, const char *k, int64_t v, int known)
{
	return ct_add_item(o, k, known ? ct_int_json(v) : cJSON_CreateNull());
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

/* JSON text must be UTF-8, paths and argv need not be: each byte that is
 * not part of a valid sequence becomes U+FFFD. */
cJSON *ct_str_json(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n, out = 0;
	char *copy;
	cJSON *j;

	while (*p && (n = ct_utf8_len(p)))
		p += n;
	if (!*p)
		return cJSON_CreateString(s);
	copy = malloc(strlen(s) * 3 + 1);
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
	j = cJSON_CreateString(copy);
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

/* Did the call a record describes fail?  The shim stores errno only on
 * failure; a dlopen failure has dlerror() text instead. */
int ct_ev_failed(const struct ct_ev *ev)
{
	switch (ev->rec->kind) {
	case CT_EV_DLOPEN:
		return ev->rec->result == 0;
	case CT_EV_DLCLOSE:
		return ev->rec->result != 0;
	case CT_EV_THREAD_CREATE:
	case CT_EV_SPAWN:
		return ev->rec->result != 0;
	case CT_EV_MMAP:
		return ev->rec->result == -1;
	case CT_EV_SYSTEM:
		return ev->rec->result == -1;
	default:
		return ev->rec->err != 0 || ev->rec->result < 0;
	}
}
