/*
 * cols.c -- reading a column table (cols.h): a column's value from the
 * record, as --json writes it, as the text report prints it and as the
 * diff names it; the sections' titles of report, page and diff.
 */
#include <stdio.h>
#include <string.h>

#include "lib/fmt.h"
#include "cols.h"
#include "report.h"

/* The object holding c's key ("native" of "native.opens") and the key's
 * last part. */
static const cJSON *ct_col_parent(const cJSON *row, const char *key, const char **last)
{
	const char *dot = strrchr(key, '.');
	char head[64];

	*last = dot ? dot + 1 : key;
	if (!dot || (size_t)(dot - key) >= sizeof(head))
		return dot ? NULL : row;
	memcpy(head, key, (size_t)(dot - key));
	head[dot - key] = '\0';
	return ct_rpath(row, head);
}

int64_t ct_col_num(const cJSON *row, const char *key)
{
	const char *last;
	const cJSON *o = ct_col_parent(row, key, &last);

	return ct_rint(o, last);
}

const char *ct_col_str(const cJSON *row, const char *key)
{
	const char *last;
	const cJSON *o = ct_col_parent(row, key, &last);

	return ct_rstr(o, last);
}

int64_t ct_col_int(const cJSON *row, const struct ct_col *c)
{
	return ct_col_num(row, c->key);
}

int64_t ct_col_value(const cJSON *row, const struct ct_col *c)
{
	return c->read ? c->read(row, c) : ct_col_int(row, c);
}

int64_t ct_col_bytes(int64_t v, const struct ct_col *c)
{
	return c->unit != CT_CU_KIB ? v : v < 0 ? -1 : v * 1024;
}

const struct ct_col *ct_col_at(const struct ct_coltab *t, enum ct_cview v, int at)
{
	size_t i;

	for (i = 0; i < t->n; i++)
		if (t->cols[i].at[v] == at)
			return &t->cols[i];
	return NULL;
}

void ct_col_ids(const struct ct_coltab *t, enum ct_cview v, const char **ids, size_t n,
		size_t skip)
{
	const struct ct_col *c;
	int at;

	for (at = 1; skip + 1 < n && (c = ct_col_at(t, v, at)); at++)
		ids[skip++] = c->id;
	ids[skip] = NULL;
}

size_t ct_col_pages(const struct ct_coltab *t, const char **heads, size_t k, size_t n)
{
	const struct ct_col *c;
	int at;

	for (at = 1; k + 1 < n && (c = ct_col_at(t, CT_CV_PAGE, at)); at++)
		heads[k++] = c->page;
	return k;
}

cJSON *ct_col_copy(const cJSON *row, const struct ct_col *c)
{
	const cJSON *v = ct_rget(row, c->key);

	return v ? cJSON_Duplicate(v, 1) : cJSON_CreateNull();
}

cJSON *ct_col_json(const cJSON *row, const struct ct_col *c)
{
	const char *last, *s;
	const cJSON *o = ct_col_parent(row, c->key, &last);
	int64_t v;

	if (c->unit == CT_CU_TEXT)
		return cJSON_CreateString((s = ct_rstr(o, last)) ? s : "?");
	if (c->unit == CT_CU_BOOL)
		return cJSON_CreateBool(!cJSON_IsFalse(ct_rget(o, last)));
	v = ct_col_value(row, c);
	return c->opt && v < 0 ? cJSON_CreateNull() : cJSON_CreateNumber((double)v);
}

void ct_col_text(char *buf, size_t n, const cJSON *jrow, const struct ct_col *c)
{
	const char *s = ct_rstr(jrow, c->id);
	int64_t v = ct_rint(jrow, c->id);

	if (c->unit == CT_CU_PATH)
		ct_fmt_cut(buf, n, s, (size_t)c->width);
	else if (c->unit == CT_CU_TEXT)
		snprintf(buf, n, "%s", s ? s : c->opt ? "-" : "?");
	else if (c->opt && v < 0)
		snprintf(buf, n, "-");
	else if (c->unit == CT_CU_NS)
		ct_fmt_ms(buf, n, v);
	else if (c->unit == CT_CU_BYTES || c->unit == CT_CU_KIB)
		ct_fmt_size(buf, n, ct_col_bytes(v, c));
	else
		snprintf(buf, n, "%lld", (long long)v);
}

const char *ct_col_dkey(char *buf, size_t n, const struct ct_col *c)
{
	size_t len = strlen(c->id);

	if (c->unit == CT_CU_NS && len > 3 && !strcmp(c->id + len - 3, "_ns"))
		len -= 3;
	snprintf(buf, n, "%.*s", (int)len, c->id);
	return buf;
}

const char *ct_col_dunit(const struct ct_col *c)
{
	return c->unit == CT_CU_NS ? "ns" : c->unit == CT_CU_BYTES ? "bytes" : "count";
}

const char *ct_col_dtitle(char *buf, size_t n, const struct ct_col *c)
{
	snprintf(buf, n, "largest changes of %s%s", c->page ? c->page : c->id,
		 c->unit == CT_CU_NS ? " time" : "");
	return buf;
}

static const struct ct_section ct_sections[] = {
	{ "libraries", "Shared objects", "Shared objects", "Shared objects", "Shared objects" },
	{ "imports", "Imports", "Imports", "Python imports", "Python imports" },
	{ "filesystem", "File system and other calls", "File system", "File system and calls",
	  "File system and call shape" },
	{ "processes", "Processes and threads", "Processes and threads", "Processes and threads",
	  "Processes and threads" },
	{ "cuda", "CUDA", "CUDA", "CUDA", "CUDA" },
	{ "context", NULL, NULL, "Context", "Context" },
};

const struct ct_section *ct_section(const char *key)
{
	size_t i;

	for (i = 0; i < sizeof(ct_sections) / sizeof(ct_sections[0]); i++)
		if (!strcmp(ct_sections[i].key, key))
			return &ct_sections[i];
	return NULL;
}

int64_t ct_col_pos(const cJSON *row, const struct ct_col *c)
{
	int64_t v = ct_col_int(row, c);

	return v > 0 ? v : 0;
}
