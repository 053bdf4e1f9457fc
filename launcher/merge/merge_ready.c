/*
 * merge_ready.c -- with `ct-launch --ready`: what happened after the
 * service was ready (while coldtrace stopped it, or while it served with
 * --at-ready wait) is marked, so that every reader can end its phases at
 * ready.
 *
 * ready.t_ns is the launcher's CLOCK_MONOTONIC, the clock of every event
 * (compared as doubles: exact up to 2^53 ns, 104 days of uptime, within a
 * few ns after that).
 * Marks: processes[].after_ready (the image started after ready),
 * processes[].ready_ns (ready, relative to the image's start, null for
 * one that started after it), processes[].after_ready_ns (the part of its
 * traced lifetime after ready), and after_ready: true on each imports[],
 * dlopens[] and children[] entry that began after ready.  Nothing is added
 * to a record without ready{}.  Never: an entry moved or dropped.
 */
#include <stdlib.h>

#include "merge_int.h"

static double ct_ns_of(const cJSON *o, const char *k)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);

	if (cJSON_IsRaw(v))   /* the merger's exact integers (ct_int_json) */
		return strtod(v->valuestring, NULL);
	return cJSON_IsNumber(v) ? v->valuedouble : -1;
}

static void ct_mark_list(cJSON *proc, const char *list, const char *key, double ready)
{
	cJSON *it;

	cJSON_ArrayForEach(it, cJSON_GetObjectItemCaseSensitive(proc, list))
		if (ct_ns_of(it, key) >= ready)
			ct_add_bool(it, "after_ready", 1);
}

static void ct_mark_proc(cJSON *proc, double ready)
{
	double start = ct_ns_of(proc, "start_ns"), end = ct_ns_of(proc, "end_ns");
	double from = start > ready ? start : ready;

	if (start < 0)
		return;
	ct_add_bool(proc, "after_ready", start >= ready);
	ct_add_int_or_null(proc, "ready_ns", (int64_t)(ready - start), start < ready);
	ct_add_int(proc, "after_ready_ns", end > from ? (int64_t)(end - from) : 0);
	ct_mark_list(proc, "imports", "start_ns", ready);
	ct_mark_list(proc, "dlopens", "t_ns", ready);
	ct_mark_list(proc, "children", "t_ns", ready);
}

void ct_merge_ready_marks(cJSON *rec, cJSON *procs)
{
	double ready = ct_ns_of(cJSON_GetObjectItemCaseSensitive(rec, "ready"), "t_ns");
	cJSON *p;

	if (ready <= 0)
		return;
	cJSON_ArrayForEach(p, procs)
		ct_mark_proc(p, ready);
}
