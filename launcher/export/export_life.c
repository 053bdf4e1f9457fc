/*
 * export_life.c -- the Chrome trace's life slices, from record.json: an X
 * slice per process image (cat "process", "python3 (PID)") and per thread
 * (cat "thread", its label), on the image's main thread and on each
 * thread, so a run reads as the process tree the HTML page draws rather
 * than rows of markers.  Added before the image's events, so at equal
 * times a life encloses what starts with it.
 * Never: a life with a negative duration; a thread without a start.
 */
#include <stdlib.h>
#include <string.h>

#include "export.h"
#include "report/load.h"

static void ct_life(struct ct_trace *t, uint32_t pid, uint32_t tid, int64_t a, int64_t b,
		    const char *cat, const char *name)
{
	if (a < 0 || ct_trace_add(t, 'X', pid, tid, (uint64_t)a, cat, strdup(name), NULL) < 0)
		return;
	t->ev[t->n - 1].dur = b > a ? (uint64_t)(b - a) : 0;
}

void ct_export_lives(struct ct_trace *t, const cJSON *proc)
{
	int64_t pid = ct_rint(proc, "pid"), end = ct_rint(proc, "end_ns"), tid, b;
	const cJSON *th;
	char name[320];

	if (pid <= 0 || pid > UINT32_MAX)
		return;
	snprintf(name, sizeof(name), "%s (%u)", ct_rimage_name(proc), (uint32_t)pid);
	ct_life(t, (uint32_t)pid, (uint32_t)pid, ct_rint(proc, "start_ns"), end, "process", name);
	cJSON_ArrayForEach(th, ct_rget(proc, "threads")) {
		tid = ct_rint(th, "tid");
		b = ct_rint(th, "end_ns");
		if (tid <= 0 || tid > UINT32_MAX)
			continue;
		ct_export_thread_label(th, (uint32_t)pid, name, sizeof(name));
		ct_life(t, (uint32_t)pid, (uint32_t)tid, ct_rint(th, "start_ns"), b >= 0 ? b : end,
			"thread", name);
	}
}
