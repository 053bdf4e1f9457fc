/*
 * export_meta.c -- process_name and thread_name metadata, so Perfetto and
 * chrome://tracing show "python3 (27300)" and "main" instead of numbers.
 *
 * An exec chain keeps one pid: its name lists every image in order
 * ("procs -> true").  Never: two process_name events for one pid.
 */
#include <stdio.h>
#include <string.h>

#include "export.h"
#include "lib/fmt.h"
#include "lib/json.h"
#include "report/load.h"

static cJSON *ct_meta(const char *what, uint32_t pid, uint32_t tid, const char *name)
{
	cJSON *o = cJSON_CreateObject(), *args = cJSON_CreateObject();

	cJSON_AddStringToObject(o, "name", what);
	cJSON_AddStringToObject(o, "ph", "M");
	cJSON_AddNumberToObject(o, "pid", pid);
	cJSON_AddNumberToObject(o, "tid", tid);
	ct_add_str(args, "name", name);
	cJSON_AddItemToObject(o, "args", args);
	return o;
}

static cJSON *ct_find_meta(const cJSON *meta, const char *what, uint32_t pid)
{
	cJSON *m;

	cJSON_ArrayForEach(m, meta)
		if (!strcmp(cJSON_GetObjectItemCaseSensitive(m, "name")->valuestring, what) &&
		    ct_rint(m, "pid") == (int64_t)pid)
			return m;
	return NULL;
}

/* Names the image's pid, or appends it to the exec chain already named. */
void ct_export_name_process(struct ct_trace *t, uint32_t pid, const char *name)
{
	cJSON *m = ct_find_meta(t->meta, "process_name", pid), *args;
	char buf[512];

	if (!m) {
		cJSON_AddItemToArray(t->meta, ct_meta("process_name", pid, 0, name));
		ct_map_put(&t->named, (uint64_t)pid << 32, (void *)1);
		return;
	}
	args = cJSON_GetObjectItemCaseSensitive(m, "args");
	snprintf(buf, sizeof(buf), "%s -> %s",
		 cJSON_GetObjectItemCaseSensitive(args, "name")->valuestring, name);
	cJSON_ReplaceItemInObjectCaseSensitive(args, "name", ct_str_json(buf));
}

void ct_export_name_thread(struct ct_trace *t, uint32_t pid, uint32_t tid, const char *name)
{
	uint64_t key = (uint64_t)pid << 32 | tid;

	if (ct_map_get(&t->named, key))
		return;
	cJSON_AddItemToArray(t->meta, ct_meta("thread_name", pid, tid, name));
	ct_map_put(&t->named, key, (void *)1);
}

void ct_export_thread_label(const cJSON *th, uint32_t pid, char *buf, size_t n)
{
	const char *rt = ct_rstr(th, "start_routine"), *name = ct_rstr(th, "name");
	int64_t tid = ct_rint(th, "tid");

	if (tid == (int64_t)pid)
		snprintf(buf, n, "main");
	else if (name && *name)
		snprintf(buf, n, "%s (%u)", name, (uint32_t)tid);
	else
		snprintf(buf, n, "thread %u%s%s", (uint32_t)tid, rt ? " " : "", rt ? rt : "");
}

static void ct_name_threads(struct ct_trace *t, uint32_t pid, const cJSON *proc)
{
	const cJSON *th;
	char name[300];
	int64_t tid;

	cJSON_ArrayForEach(th, cJSON_GetObjectItemCaseSensitive(proc, "threads")) {
		tid = ct_rint(th, "tid");
		if (tid <= 0 || tid > UINT32_MAX)
			continue;
		ct_export_thread_label(th, pid, name, sizeof(name));
		ct_export_name_thread(t, pid, (uint32_t)tid, name);
	}
}

void ct_export_names(struct ct_trace *t, const cJSON *processes)
{
	const cJSON *p;
	char name[300];
	int64_t pid;

	cJSON_ArrayForEach(p, processes) {
		pid = ct_rint(p, "pid");
		if (pid <= 0 || pid > UINT32_MAX)
			continue;
		snprintf(name, sizeof(name), "%s", ct_rimage_name(p));
		ct_export_name_process(t, (uint32_t)pid, name);
		ct_name_threads(t, (uint32_t)pid, p);
	}
}
