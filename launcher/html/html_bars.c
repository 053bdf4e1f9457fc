/*
 * html_bars.c -- the details of the timeline's bars, as the page's data
 * block carries them: per bar one array [kind, pid, value...] whose values
 * are the record fields its hover box shows, in the order data.keys[kind]
 * names them after the kind's name; a key "$k" holds an index into
 * data.strs (the string, each written once), "@k" an array of such
 * indices (null: none), "/k" a path as [its directory's, its last
 * component's] (or one index without a '/'), "+k" a time in ns after
 * data.base_ns, "~k" (a tid) null when it is the pid, "a.b" the field b
 * of a's object.  An import's "by" is its
 * parent's module; on a page with the imports table an import carries
 * instead its row and its parent's ("row", "by_row") and the page reads
 * its module, kind, times and counts from those rows.  Missing trailing
 * values are left out.  page.js unpacks a bar into {t, pid, o: {...}}.
 * Never: a string of the record written into the block but through strs.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "html_tl.h"

#define CT_STACK_KEEP 8     /* call-site frames kept in a bar's details */
#define CT_BAR_KEYS 28

#define CT_NATIVE "native.dlopen_ns", "native.fs_ns", "native.libraries", "native.opens", \
	"native.open_errors", "native.stats", "native.stat_errors", "native.mapped_bytes", \
	"native.objects_mapped_bytes", "native.threads", "@native.cuda"
#define CT_IMPORT "$by", "$module", "$kind", "ok", "$error", "+start_ns", "cumulative_us", \
	"self_us", CT_NATIVE, "major_faults", "/file", "~tid", "@stack", NULL
#define CT_IMPORT_ROW "row", "by_row", "+start_ns", "~tid", "/file", "major_faults", \
	"@native.cuda", "@stack", NULL
#define CT_CTOR(k) "constructors." k
#define CT_COUNTERS(p) p "minor_faults", p "major_faults", p "read_bytes"

/* Per kind of bar the fields page.js reads, NULL-terminated. */
static const char *const ct_bar_keys[][CT_BAR_KEYS] = {
	{ "import", CT_IMPORT },
	{ "init", CT_IMPORT },
	{ "dlopen", "/requested", "$flags", "ok", "/path", "$error", "+t_ns", "dur_ns",
	  "new_objects", "major_faults", "read_bytes", "/caller", "$import", "~tid", "@stack",
	  NULL },
	{ "phase", "$phase", "/requested", "ns", "cpu_ns", CT_COUNTERS(""), "~tid", NULL },
	{ "ctor", "/path", CT_CTOR("ns"), CT_CTOR("cpu_ns"), CT_CTOR("total_ns"),
	  CT_CTOR("entries"), CT_CTOR("order"), CT_COUNTERS(CT_CTOR("")), "~tid", NULL },
	{ "fs", "calls", "failed", "+start_ns", "+end_ns", "busy_ns", "~tid", "$import", NULL },
	{ "thread", "~tid", "+start_ns", "+end_ns", "creator", "$py_name", "$py_target",
	  "$py_started_at", "$start_routine", "$import", "cpu_ns", "@stack", NULL },
	{ "child", "pid", "$how", "+t_ns", "$import", "~tid", NULL },
	{ "ready", "$condition", "+t_ns", "ms", NULL },
};
/* The same of an import on a page with the imports table. */
static const char *const ct_bar_row_keys[][CT_BAR_KEYS] = {
	{ "import", CT_IMPORT_ROW },
	{ "init", CT_IMPORT_ROW },
};
#define CT_BAR_KINDS (sizeof(ct_bar_keys) / sizeof(ct_bar_keys[0]))
#define CT_BAR_ROW_KINDS (sizeof(ct_bar_row_keys) / sizeof(ct_bar_row_keys[0]))

/* The keys of kind i (kind, then its fields) on b's page. */
static const char *const *ct_bar_kind(const struct ct_bars *b, size_t i)
{
	return b->rows && i < CT_BAR_ROW_KINDS ? ct_bar_row_keys[i] : ct_bar_keys[i];
}

/* s's index in b->strs, added when new; -1 when out of memory. */
static int ct_bar_str(struct ct_bars *b, const char *s)
{
	void *v = ct_map_sget(&b->idx, s);
	cJSON *it;
	int i;

	if (v)
		return (int)((uintptr_t)v - 1);
	it = cJSON_CreateString(s);
	if (!it || !cJSON_AddItemToArray(b->strs, it))
		return cJSON_Delete(it), -1;
	i = cJSON_GetArraySize(b->strs) - 1;
	/* the key is strs' own copy: the record's may be a temporary */
	return ct_map_sput(&b->idx, it->valuestring, (void *)(uintptr_t)(i + 1)) < 0 ? -1 : i;
}

/* [the index of path's directory, of its last component]. */
static cJSON *ct_bar_path(struct ct_bars *b, const char *path)
{
	const char *slash = strrchr(path, '/');
	char *dir = strndup(path, (size_t)(slash - path));
	cJSON *a = cJSON_CreateArray();

	cJSON_AddItemToArray(a, cJSON_CreateNumber(dir ? ct_bar_str(b, dir) : -1));
	cJSON_AddItemToArray(a, cJSON_CreateNumber(ct_bar_str(b, slash + 1)));
	free(dir);
	return a;
}

/* The value of key in o for the block, as its sigil ('$', '@', '/', '+',
 * '~' or 0) says; pid: the bar's. */
static cJSON *ct_bar_value(struct ct_bars *b, const cJSON *o, const char *key, char sigil,
			   int pid)
{
	const char *dot = strchr(key, '.');
	const cJSON *v, *s;
	cJSON *arr;
	int n = 0;

	if (dot) {
		char head[32];

		snprintf(head, sizeof(head), "%.*s", (int)(dot - key), key);
		o = ct_rget(o, head);
		key = dot + 1;
	}
	v = ct_rget(o, key);
	if (sigil == '+' && cJSON_IsNumber(v)) {
		if (!b->based)
			b->base = (int64_t)v->valuedouble, b->based = 1;
		return cJSON_CreateNumber(v->valuedouble - (double)b->base);
	}
	if (sigil == '/' && cJSON_IsString(v) && strrchr(v->valuestring, '/'))
		return ct_bar_path(b, v->valuestring);
	if ((sigil == '$' || sigil == '/') && cJSON_IsString(v))
		return cJSON_CreateNumber(ct_bar_str(b, v->valuestring));
	if (sigil == '~' && cJSON_IsNumber(v) && v->valuedouble == pid)
		return cJSON_CreateNull();
	if (sigil != '@' || !cJSON_GetArraySize(v))
		return v && (!sigil || sigil == '~') ? cJSON_Duplicate(v, 1) : cJSON_CreateNull();
	arr = cJSON_CreateArray();
	cJSON_ArrayForEach(s, v)
		if (n++ < CT_STACK_KEEP)
			cJSON_AddItemToArray(arr, cJSON_CreateNumber(cJSON_IsString(s) ?
						ct_bar_str(b, s->valuestring) : -1));
	return arr;
}

/* The trailing nulls removed: the unpacker reads a missing value as
 * null. */
static void ct_bar_trim(cJSON *d)
{
	int n = cJSON_GetArraySize(d);

	while (n > 2 && cJSON_IsNull(cJSON_GetArrayItem(d, n - 1)))
		cJSON_DeleteItemFromArray(d, --n);
}

int ct_bar_detail(struct ct_page *pg, const char *kind, int pid, const cJSON *o,
		  const struct ct_timp *m)
{
	struct ct_bars *b = pg->bars;
	cJSON *d = cJSON_CreateArray(), *with = cJSON_Duplicate(o, 1);
	const char *const *k = NULL;
	size_t i;

	for (i = 0; i < CT_BAR_KINDS && !k; i++)
		if (!strcmp(ct_bar_keys[i][0], kind))
			k = ct_bar_kind(b, i) + 1;
	if (m && cJSON_IsObject(with)) {
		if (m->by)
			cJSON_AddStringToObject(with, "by", m->by);
		cJSON_AddNumberToObject(with, "row", m->row);
		if (m->by_row >= 0)
			cJSON_AddNumberToObject(with, "by_row", m->by_row);
	}
	cJSON_AddItemToArray(d, cJSON_CreateNumber(k ? (double)(i - 1) : -1));
	cJSON_AddItemToArray(d, cJSON_CreateNumber(pid));
	for (; k && *k; k++)
		cJSON_AddItemToArray(d, strchr("$@/+~", **k) ?
				     ct_bar_value(b, with, *k + 1, **k, pid) :
				     ct_bar_value(b, with, *k, 0, pid));
	cJSON_Delete(with);
	ct_bar_trim(d);
	cJSON_AddItemToArray(b->list, d);
	return cJSON_GetArraySize(b->list) - 1;
}

void ct_html_bars_init(struct ct_bars *b, int rows)
{
	memset(b, 0, sizeof(*b));
	b->rows = rows;
	b->list = cJSON_CreateArray();
	b->strs = cJSON_CreateArray();
}

void ct_html_bars_add(cJSON *data, const struct ct_bars *b)
{
	cJSON *keys = cJSON_AddArrayToObject(data, "keys"), *ks;
	size_t i, j;

	for (i = 0; i < CT_BAR_KINDS; i++) {
		ks = cJSON_CreateArray();
		cJSON_AddItemToArray(keys, ks);
		for (j = 0; ct_bar_kind(b, i)[j]; j++)
			cJSON_AddItemToArray(ks, cJSON_CreateString(ct_bar_kind(b, i)[j]));
	}
	cJSON_AddNumberToObject(data, "base_ns", (double)b->base);
	cJSON_AddItemReferenceToObject(data, "strs", b->strs);
	cJSON_AddItemReferenceToObject(data, "bars", b->list);
}

void ct_html_bars_free(struct ct_bars *b)
{
	cJSON_Delete(b->list);
	cJSON_Delete(b->strs);
	ct_map_free(&b->idx);
}
