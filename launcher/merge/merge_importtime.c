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
#include "merge_logset.h"
#include "record/record.h"

/* What a line needs of one imports[] entry, read in one walk over its
 * keys (one lookup each would walk them seven times). */
struct ct_it_line {
	double id, parent, end_ns, self_us, cum_us;   /* -1: null */
	const char *module;
	size_t seq;             /* index in imports[]: ties keep start order */
	int level;
};

static double ct_num(const cJSON *v)
{
	if (cJSON_IsNumber(v))
		return v->valuedouble;
	return cJSON_IsRaw(v) ? (double)strtoll(v->valuestring, NULL, 10) : -1;
}

static void ct_it_read(struct ct_it_line *l, const cJSON *imp)
{
	const cJSON *k;

	*l = (struct ct_it_line){ -1, -1, -1, -1, -1, "?", 0, 0 };
	cJSON_ArrayForEach(k, imp) {
		if (!strcmp(k->string, "id"))
			l->id = ct_num(k);
		else if (!strcmp(k->string, "parent"))
			l->parent = ct_num(k);
		else if (!strcmp(k->string, "end_ns"))
			l->end_ns = ct_num(k);
		else if (!strcmp(k->string, "self_us"))
			l->self_us = ct_num(k);
		else if (!strcmp(k->string, "cumulative_us"))
			l->cum_us = ct_num(k);
		else if (!strcmp(k->string, "module") && cJSON_IsString(k))
			l->module = k->valuestring;
	}
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
		if (cJSON_IsObject(ct_jget(p, "python")))
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
	int lv;

	cJSON_ArrayForEach(imp, imports) {
		if (!v)
			break;
		ct_it_read(&v[n], imp);
		lv = v[n].parent >= 0 ? (int)(uintptr_t)ct_map_get(&level, (uint64_t)v[n].parent) : 0;
		if (ct_map_put(&level, (uint64_t)v[n].id, (void *)(uintptr_t)(lv + 1)) < 0)
			break;
		v[n].seq = seq++;
		v[n].level = lv;
		n += v[n].end_ns >= 0 && v[n].cum_us >= 0;
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
	size_t i;

	fputs("import time: self [us] | cumulative | imported package\n", out);
	for (i = 0; i < n; i++)
		fprintf(out, "import time: %9ld | %10ld | %*s%s\n", (long)v[i].self_us,
			(long)v[i].cum_us, v[i].level * 2, "", v[i].module);
}

/* Why there is no table (in why), for a run without a hooked Python; 0: p
 * has one. */
static int ct_it_why(const cJSON *p, char *why, size_t n)
{
	const cJSON *py = ct_jget(p, "python");
	const char *ver, *no;

	if (!p) {
		snprintf(why, n, "no traced process ran CPython: the table is of Python imports");
		return 1;
	}
	if (!cJSON_IsFalse(ct_jget(py, "available")))
		return 0;
	ver = cJSON_GetStringValue(ct_jget(py, "version"));
	no = cJSON_GetStringValue(ct_jget(py, "why"));
	snprintf(why, n, "the Python of pid %.0f (%s) could not be hooked: %s",
		 ct_num(ct_jget(p, "pid")), ver ? ver : "?", no ? no : "?");
	return 1;
}

const char *ct_importtime_write(const char *rundir, const cJSON *procs, char *why, size_t n)
{
	const cJSON *p = ct_first_python(procs);
	struct ct_it_line *v = NULL;
	struct ct_outfile f;
	ssize_t lines;

	if (ct_it_why(p, why, n))
		return NULL;
	lines = ct_it_lines(ct_jget(p, "imports"), &v);
	if (lines < 0) {
		snprintf(why, n, "out of memory ordering the imports");
		return NULL;
	}
	if (ct_v0_open(&f, rundir, CT_V0_IMPORTTIME, why, n))
		ct_it_print(f.out, v, (size_t)lines);
	free(v);
	return f.out ? ct_v0_commit(&f, why, n) : NULL;
}
