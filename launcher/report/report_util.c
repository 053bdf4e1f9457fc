/*
 * report_util.c -- reading a record without trusting its shape, the
 * count maps the report's lists are built from, and the frame of the
 * one-image sections.
 *
 * A record may come from another version or be edited by hand: every
 * accessor answers "absent" (NULL, -1) for a missing key or a value of the
 * wrong type.  Never: a dereference of a missing item.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/fmt.h"
#include "lib/json.h"
#include "report.h"

const cJSON *ct_rget(const cJSON *o, const char *key)
{
	return cJSON_IsObject(o) ? cJSON_GetObjectItemCaseSensitive(o, key) : NULL;
}

const cJSON *ct_rpath(const cJSON *o, const char *dotted)
{
	char key[64];
	const char *dot;
	size_t len;

	while ((dot = strchr(dotted, '.'))) {
		len = (size_t)(dot - dotted);
		if (len >= sizeof(key))
			return NULL;
		memcpy(key, dotted, len);
		key[len] = '\0';
		o = ct_rget(o, key);
		dotted = dot + 1;
	}
	return ct_rget(o, dotted);
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

int64_t ct_rmapped(const cJSON *native)
{
	int64_t sum = 0;

	ct_radd(&sum, ct_rint(native, "mapped_bytes"));
	ct_radd(&sum, ct_rint(native, "objects_mapped_bytes"));
	return sum;
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

/* a as a shell word, as Python's shlex.quote writes it: as is when every
 * byte is safe, else in single quotes, each ' written '"'"'. */
static size_t ct_quote_word(const char *a, char *buf, size_t n)
{
	static const char safe[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
				   "0123456789_@%+=:,./-";
	size_t used = 0;
	int w;

	if (*a && strspn(a, safe) == strlen(a))
		return (size_t)snprintf(buf, n, "%s", a);
	for (used = (size_t)snprintf(buf, n, "'"); *a; a++) {
		w = snprintf(buf + (used < n ? used : n), used < n ? n - used : 0,
			     *a == '\'' ? "'\"'\"'" : "%c", *a);
		used += (size_t)w;
	}
	return used + (size_t)snprintf(buf + (used < n ? used : n), used < n ? n - used : 0, "'");
}

int ct_rjoin_argv(const cJSON *argv, char *buf, size_t n)
{
	const cJSON *a;
	size_t used = 0;

	buf[0] = '\0';
	cJSON_ArrayForEach(a, argv) {
		if (!cJSON_IsString(a) || used + 1 >= n)
			continue;
		if (used)
			buf[used++] = ' ';
		used += ct_quote_word(a->valuestring, buf + used, n - used);
	}
	if (used >= n)
		buf[ct_utf8_cut(buf, n - 1)] = '\0';
	return used < n ? 0 : -1;
}

cJSON *ct_rmap_top(const struct ct_map *m, const char *keyname, int n)
{
	const struct ct_count **v = ct_count_sorted(m);
	cJSON *arr = cJSON_CreateArray(), *o;
	size_t i;

	for (i = 0; v && arr && i < m->len && (int)i < n; i++) {
		o = cJSON_CreateObject();
		if (ct_add_str(o, keyname, v[i]->key) < 0 ||
		    ct_add_num(o, "count", (double)v[i]->n) < 0)
			cJSON_Delete(o);
		else
			ct_push(arr, o);   /* deletes o when it fails */
	}
	free(v);
	return arr;
}

cJSON *ct_rsec_images(const struct ct_rctx *c, cJSON *(*image)(const struct ct_rctx *c, size_t i),
		      const char *method)
{
	cJSON *sec = cJSON_CreateObject(), *imgs = cJSON_AddArrayToObject(sec, "images");
	size_t i;

	for (i = 0; i < c->nimg; i++)
		if (ct_rshown(c, i))
			ct_push(imgs, image(c, i));   /* ignores NULL */
	if (method)
		ct_add_str(sec, "method", method);
	return sec;
}
