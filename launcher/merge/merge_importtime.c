/*
 * merge_importtime.c -- importtime.txt: the record's imports in exactly the
 * table `python -X importtime` writes to stderr, so readers of that table
 * (tuna, importtime-waterfall) read a coldtrace run.
 *
 * CPython prints one line per finished import as it finishes
 * ("import time: %9ld | %10ld | %*s%s" with self and cumulative µs and two
 * spaces per level of nesting), under one header line.  Here the same
 * lines come from imports[] of the first traced process that ran CPython:
 * ordered by end_ns, the level from the parent chain.  Never: an import
 * that never ended (CPython prints none), a line for a process's imports
 * mixed into another's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "merge_int.h"
#include "merge_run.h"
#include "record/record.h"

struct ct_it_line {
	double end_ns;
	size_t seq;             /* index in imports[]: ties keep start order */
	int level;
	const cJSON *imp;
};

static double ct_num(const cJSON *o, const char *k)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);

	if (cJSON_IsNumber(v))
		return v->valuedouble;
	return cJSON_IsRaw(v) ? strtod(v->valuestring, NULL) : -1;
}

static int ct_it_cmp(const void *a, const void *b)
{
	const struct ct_it_line *x = a, *y = b;

	if (x->end_ns != y->end_ns)
		return x->end_ns < y->end_ns ? -1 : 1;
	return (x->seq > y->seq) - (x->seq < y->seq);
}

/* The first image with a Python view (processes[] order: root first). */
static const cJSON *ct_first_python(const cJSON *procs)
{
	const cJSON *p;

	cJSON_ArrayForEach(p, procs)
		if (cJSON_IsObject(cJSON_GetObjectItemCaseSensitive(p, "python")))
			return p;
	return NULL;
}

/* The finished imports with their nesting level (a parent starts before
 * its children, so imports[] by start sees it first); their count, or -1. */
static ssize_t ct_it_lines(const cJSON *imports, struct ct_it_line **out)
{
	struct ct_map level = { 0 };
	struct ct_it_line *v = malloc(((size_t)cJSON_GetArraySize(imports) + 1) * sizeof(*v));
	const cJSON *imp;
	size_t n = 0, seq = 0;
	double parent;
	int lv;

	cJSON_ArrayForEach(imp, imports) {
		if (!v)
			break;
		parent = ct_num(imp, "parent");
		lv = parent >= 0 ? (int)(uintptr_t)ct_map_get(&level, (uint64_t)parent) : 0;
		if (ct_map_put(&level, (uint64_t)ct_num(imp, "id"), (void *)(uintptr_t)(lv + 1)) < 0)
			break;
		if (ct_num(imp, "end_ns") >= 0 && ct_num(imp, "cumulative_us") >= 0)
			v[n++] = (struct ct_it_line){ ct_num(imp, "end_ns"), seq, lv, imp };
		seq++;
	}
	ct_map_free(&level);
	if (!v || imp) {
		free(v);
		return -1;
	}
	qsort(v, n, sizeof(*v), ct_it_cmp);
	*out = v;
	return (ssize_t)n;
}

static void ct_it_print(FILE *out, const struct ct_it_line *v, size_t n)
{
	const char *mod;
	size_t i;

	fputs("import time: self [us] | cumulative | imported package\n", out);
	for (i = 0; i < n; i++) {
		mod = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(v[i].imp, "module"));
		fprintf(out, "import time: %9ld | %10ld | %*s%s\n",
			(long)ct_num(v[i].imp, "self_us"), (long)ct_num(v[i].imp, "cumulative_us"),
			v[i].level * 2, "", mod ? mod : "?");
	}
}

/* Why there is no table (in why), for a run without a hooked Python; 0: p
 * has one. */
static int ct_it_why(const cJSON *p, char *why, size_t n)
{
	const cJSON *py = cJSON_GetObjectItemCaseSensitive(p, "python");
	const char *ver, *no;

	if (!p) {
		snprintf(why, n, "no traced process ran CPython: the table is of Python imports");
		return 1;
	}
	if (!cJSON_IsFalse(cJSON_GetObjectItemCaseSensitive(py, "available")))
		return 0;
	ver = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(py, "version"));
	no = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(py, "why"));
	snprintf(why, n, "the Python of pid %.0f (%s) could not be hooked: %s",
		 ct_num(p, "pid"), ver ? ver : "?", no ? no : "?");
	return 1;
}

const char *ct_importtime_write(const char *rundir, const cJSON *procs, char *why, size_t n)
{
	const cJSON *p = ct_first_python(procs);
	struct ct_it_line *v = NULL;
	struct ct_run_file f;
	ssize_t lines;

	if (ct_it_why(p, why, n))
		return NULL;
	lines = ct_it_lines(cJSON_GetObjectItemCaseSensitive(p, "imports"), &v);
	if (lines < 0) {
		snprintf(why, n, "out of memory ordering the imports");
		return NULL;
	}
	if (ct_v0_open(&f, rundir, CT_V0_IMPORTTIME, why, n))
		ct_it_print(f.out, v, (size_t)lines);
	free(v);
	return f.out ? ct_v0_commit(&f, why, n) : NULL;
}
