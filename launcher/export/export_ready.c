/*
 * export_ready.c -- the moment a service was ready (ct-launch --ready) as
 * one global instant event ("ph": "i", "s": "g", cat "ready"), on the
 * root process, so the trace viewer draws a line across every track.
 *
 * From the record's ready{} (t_ns is the clock of every event).  Never an
 * event for a run without ready{}.
 */
#include <stdlib.h>
#include <string.h>

#include "export.h"
#include "lib/json.h"
#include "report/load.h"

int ct_export_ready(struct ct_trace *t, const cJSON *rec)
{
	const cJSON *rd = ct_rget(rec, "ready");
	int64_t ts = ct_rint(rd, "t_ns"), pid = ct_rint(ct_rget(rec, "process"), "pid");
	cJSON *args;
	char *name;

	if (!cJSON_IsObject(rd) || ts <= 0 || pid <= 0)
		return 0;
	args = cJSON_CreateObject();
	name = strdup("ready");
	ct_add_str(args, "condition", ct_rstr(rd, "condition"));
	ct_add_str(args, "spec", ct_rstr(rd, "spec"));
	ct_add_str(args, "detail", ct_rstr(rd, "detail"));
	ct_add_int(args, "time_to_ready_ms", ct_rint(rd, "ms"));
	if (ct_trace_add(t, 'i', (uint32_t)pid, (uint32_t)pid, (uint64_t)ts, "ready", name, args) < 0)
		return -1;
	t->ev[t->n - 1].scope = 'g';
	return 0;
}
