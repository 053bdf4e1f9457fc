/*
 * merge_fsruns.c -- fs_runs[]: an image's file-system calls as intervals
 * on its threads, for a timeline (docs/record-processes.md).
 *
 * Thousands of stat calls are too many to keep one by one in the record,
 * and too short to see: consecutive calls on one thread, under the same
 * innermost import, that follow each other within CT_FSRUN_GAP_NS make
 * one run.  Like the time split, only calls outside every dlopen interval
 * count (those inside are part of loading).  Never: a run that spans two
 * threads or two imports, or a call counted in two runs.
 */
#include <stdlib.h>

#include "merge_int.h"

#define CT_FSRUN_GAP_NS 50000   /* 50 us: a gap longer than this ends a run */

struct ct_fsrun {
	const struct ct_span *first;
	uint64_t end_ns;
	int64_t calls, failed, busy_ns;
};

static int ct_tid_time_cmp(const void *a, const void *b)
{
	const struct ct_span *x = a, *y = b;

	if (x->tid != y->tid)
		return x->tid < y->tid ? -1 : 1;
	return x->t_ns < y->t_ns ? -1 : x->t_ns > y->t_ns;
}

/* Spans come per thread in time order, so they are mostly sorted already:
 * a pass that finds them so spares the sort. */
static void ct_spans_sort(struct ct_span *v, size_t n)
{
	for (size_t i = 1; i < n; i++) {
		if (ct_tid_time_cmp(&v[i - 1], &v[i]) > 0) {
			qsort(v, n, sizeof(*v), ct_tid_time_cmp);
			return;
		}
	}
}

static int ct_fsrun_push(cJSON *arr, struct ct_build *b, const struct ct_fsrun *r)
{
	cJSON *o = cJSON_CreateObject();

	return ct_push_or_drop(arr, o,
			       ct_add_int(o, "tid", r->first->tid) ||
			       ct_add_int(o, "start_ns", (int64_t)r->first->t_ns) ||
			       ct_add_int(o, "end_ns", (int64_t)r->end_ns) ||
			       ct_add_int(o, "calls", r->calls) ||
			       ct_add_int(o, "failed", r->failed) ||
			       ct_add_int(o, "busy_ns", r->busy_ns) ||
			       ct_add_str(o, "import", ct_py_module(&b->py, r->first->import_id)));
}

/* Does call c continue run r? */
static int ct_fsrun_joins(const struct ct_fsrun *r, const struct ct_span *c)
{
	return r->calls && c->tid == r->first->tid && c->import_id == r->first->import_id &&
	       c->t_ns <= r->end_ns + CT_FSRUN_GAP_NS;
}

cJSON *ct_fs_runs_json(struct ct_build *b)
{
	cJSON *arr = cJSON_CreateArray();
	struct ct_fsrun r = { NULL, 0, 0, 0, 0 };
	const struct ct_span *c;
	size_t i;
	int rc = 0;

	ct_spans_sort(b->fs_spans.v, b->fs_spans.n);
	for (i = 0; arr && i < b->fs_spans.n; i++) {
		c = &b->fs_spans.v[i];
		if (ct_time_inside(b->dl_spans.v, b->dl_spans.n, c->t_ns))
			continue;
		if (!ct_fsrun_joins(&r, c)) {
			if (r.calls)
				rc |= ct_fsrun_push(arr, b, &r);
			r = (struct ct_fsrun){ c, c->t_ns, 0, 0, 0 };
		}
		if (c->t_ns + c->dur_ns > r.end_ns)
			r.end_ns = c->t_ns + c->dur_ns;
		r.calls++;
		r.failed += c->failed;
		ct_sat_add(&r.busy_ns, c->dur_ns > INT64_MAX ? INT64_MAX : (int64_t)c->dur_ns);
	}
	if (r.calls)
		rc |= ct_fsrun_push(arr, b, &r);
	if (rc) {
		cJSON_Delete(arr);
		return NULL;
	}
	return arr;
}
