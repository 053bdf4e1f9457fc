/*
 * merge_syscalls.c -- syscalls.txt: the calls coldtrace saw, in the table
 * `strace -c -f` prints (the prototype's artifacts.strace_summary).
 *
 * Rows are calls{} summed over every traced image, one per interposed
 * function kind that was called, slowest first, as strace sorts them:
 * "% time", seconds and usecs/call from the time inside the calls, calls,
 * errors (blank when none, as strace prints them), the name.  A line after
 * the table says what this is not.  Never: a row for a call the shim did
 * not see, a count or time made up for what it cannot see.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "merge_int.h"
#include "merge_logset.h"
#include "record/record.h"

#define CT_SC_DASHES "------ ----------- ----------- --------- --------- ----------------\n"

struct ct_sc_row {
	const char *name;       /* a key of calls{} */
	int64_t calls, errors, time_ns;
};

struct ct_sc_table {
	struct ct_sc_row *rows;
	size_t n, cap;
	struct ct_map by_name;  /* name -> index + 1 */
	struct ct_sc_row total;
};

static int64_t ct_sc_num(const cJSON *o, const char *k)
{
	const cJSON *v = ct_jget(o, k);

	if (cJSON_IsNumber(v))
		return (int64_t)v->valuedouble;
	return cJSON_IsRaw(v) ? strtoll(v->valuestring, NULL, 10) : 0;
}

/* *sum + v, held at the int64 range's end where a crafted record's
 * counts would pass it. */
static void ct_sc_acc(int64_t *sum, int64_t v)
{
	if (__builtin_add_overflow(*sum, v, sum))
		*sum = v > 0 ? INT64_MAX : INT64_MIN;
}

static int ct_sc_add(struct ct_sc_table *t, const cJSON *call)
{
	uintptr_t at = (uintptr_t)ct_map_sget(&t->by_name, call->string);
	struct ct_sc_row *r;

	if (!at) {
		if (CT_GROW(t->rows, t->cap, t->n) < 0 ||
		    ct_map_sput(&t->by_name, call->string, (void *)(uintptr_t)(t->n + 1)) < 0)
			return -1;
		t->rows[t->n] = (struct ct_sc_row){ .name = call->string };
		at = ++t->n;
	}
	r = &t->rows[at - 1];
	ct_sc_acc(&r->calls, ct_sc_num(call, "count"));
	ct_sc_acc(&r->errors, ct_sc_num(call, "errors"));
	ct_sc_acc(&r->time_ns, ct_sc_num(call, "time_ns"));
	return 0;
}

static int ct_sc_sum(struct ct_sc_table *t, const cJSON *procs)
{
	const cJSON *p, *call;

	cJSON_ArrayForEach(p, procs)
		cJSON_ArrayForEach(call, ct_jget(p, "calls"))
			if (ct_sc_add(t, call) < 0)
				return -1;
	return 0;
}

static int ct_sc_cmp(const void *a, const void *b)
{
	const struct ct_sc_row *x = a, *y = b;

	if (x->time_ns != y->time_ns)
		return x->time_ns > y->time_ns ? -1 : 1;
	if (x->calls != y->calls)
		return x->calls > y->calls ? -1 : 1;
	return strcmp(x->name, y->name);
}

static void ct_sc_line(FILE *out, const struct ct_sc_row *r, double pct)
{
	char errors[24] = "";

	if (r->errors)
		snprintf(errors, sizeof(errors), "%lld", (long long)r->errors);
	fprintf(out, "%6.2f %11.6f %11lld %9lld %9s %s\n", pct, (double)r->time_ns / 1e9,
		(long long)(r->calls ? r->time_ns / 1000 / r->calls : 0), (long long)r->calls,
		errors, r->name);
}

static void ct_sc_print(FILE *out, struct ct_sc_table *t)
{
	struct ct_sc_row *tot = &t->total;
	size_t i;

	*tot = (struct ct_sc_row){ .name = "total" };
	for (i = 0; i < t->n; i++) {
		ct_sc_acc(&tot->calls, t->rows[i].calls);
		ct_sc_acc(&tot->errors, t->rows[i].errors);
		ct_sc_acc(&tot->time_ns, t->rows[i].time_ns);
	}
	if (t->n)
		qsort(t->rows, t->n, sizeof(*t->rows), ct_sc_cmp);
	fputs("% time     seconds  usecs/call     calls    errors syscall\n" CT_SC_DASHES, out);
	for (i = 0; i < t->n && t->rows[i].calls; i++)
		ct_sc_line(out, &t->rows[i], tot->time_ns ? 100.0 * (double)t->rows[i].time_ns /
						  (double)tot->time_ns : 0);
	fputs(CT_SC_DASHES, out);
	ct_sc_line(out, tot, 100);
	fputs("coldtrace: not strace: the rows are the libc functions coldtrace interposes, "
	      "summed over every traced process (spawn, system, fopen, opendir, realpath, "
	      "dlopen, dlclose and pthread_create are library calls of one or more system "
	      "calls each), seconds are wall time inside the call, not system CPU time; the "
	      "system calls made by the dynamic loader, inside libc or without libc (read, "
	      "write, close, mprotect, most openat and mmap) are not seen\n", out);
}

const char *ct_syscalls_write(const char *rundir, const cJSON *procs, char *why, size_t n)
{
	struct ct_sc_table t = { 0 };
	struct ct_outfile f;
	const char *file = NULL;

	if (!cJSON_GetArraySize(procs)) {
		snprintf(why, n, "no event logs: no call was traced");
		return NULL;
	}
	if (ct_sc_sum(&t, procs) < 0) {
		snprintf(why, n, "out of memory summing calls{}");
	} else if (ct_v0_open(&f, rundir, CT_V0_SYSCALLS, why, n)) {
		ct_sc_print(f.out, &t);
		file = ct_v0_commit(&f, why, n);
	}
	free(t.rows);
	ct_map_free(&t.by_name);
	return file;
}
