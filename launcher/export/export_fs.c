/*
 * export_fs.c -- a process's file-system calls as counter tracks, for runs
 * with too many calls to show one by one (import torch: thousands).
 *
 * One "file-system calls" counter per process with cumulative open, stat,
 * access and failed series, sampled at most once per millisecond, so the
 * trace stays small whatever the call count.  Never: a counter that goes
 * down, or samples out of time order.
 */
#include <stdlib.h>
#include <string.h>

#include "export.h"

#define CT_BUCKET_NS 1000000ull

struct ct_fscall {
	uint64_t ts;
	uint8_t cls;            /* ct_fs_class - CT_FS_OPEN (0 open, 1 stat, 2 access); | 4 failed */
};

static int ct_fscall_cmp(const void *a, const void *b)
{
	const struct ct_fscall *x = a, *y = b;

	return x->ts < y->ts ? -1 : x->ts > y->ts;
}

static int ct_sample(struct ct_trace *t, uint32_t pid, uint64_t ts, const int64_t *cum)
{
	cJSON *args = cJSON_CreateObject();

	cJSON_AddNumberToObject(args, "open", (double)cum[0]);
	cJSON_AddNumberToObject(args, "stat", (double)cum[1]);
	cJSON_AddNumberToObject(args, "access", (double)cum[2]);
	cJSON_AddNumberToObject(args, "failed", (double)cum[3]);
	return ct_trace_add(t, 'C', pid, pid, ts, "fs", strdup("file-system calls"), args);
}

int ct_export_fs_counters(struct ct_trace *t, uint32_t pid, uint64_t *ts, uint8_t *cls,
			  size_t n)
{
	struct ct_fscall *v = malloc(n * sizeof(*v));
	int64_t cum[4] = { 0, 0, 0, 0 };
	uint64_t bucket;
	size_t i;
	int rc = 0;

	if (!v)
		return -1;
	for (i = 0; i < n; i++)
		v[i] = (struct ct_fscall){ ts[i], cls[i] };
	qsort(v, n, sizeof(*v), ct_fscall_cmp);
	rc |= ct_sample(t, pid, v[0].ts, cum);
	bucket = v[0].ts / CT_BUCKET_NS;
	for (i = 0; i < n; i++) {
		if (v[i].ts / CT_BUCKET_NS != bucket) {
			rc |= ct_sample(t, pid, v[i - 1].ts, cum);
			bucket = v[i].ts / CT_BUCKET_NS;
		}
		cum[v[i].cls & 3]++;
		cum[3] += (v[i].cls & 4) != 0;
	}
	rc |= ct_sample(t, pid, v[n - 1].ts, cum);
	free(v);
	return rc;
}
