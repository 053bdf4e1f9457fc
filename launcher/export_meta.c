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
#include "fmt.h"

static cJSON *ct_meta(const char *what, uint32_t pid, uint32_t tid, const char *name)
{
	cJSON *o = cJSON_CreateObject(), *args = cJSON_CreateObject();

	cJSON_AddStringToObject(o, "name", what);
	cJSON_AddStringToObject(o, "ph", "M");
	cJSON_AddNumberToObject(o, "pid", pid);
	cJSON_AddNumberToObject(o, "tid", tid);
	cJSON_AddStringToObject(args, "name", name);
	cJSON_AddItemToObject(o, "args", args);
	return o;
}

static cJSON *ct_find_meta(const cJSON *meta, const char *what, uint32_t pid)
{
	cJSON *m;

	cJSON_ArrayForEach(m, meta)
		if (!strcmp(cJSON_GetObjectItemCaseSensitive(m, "name")->valuestring, what) &&
		    (uint32_t)cJSON_GetObjectItemCaseSensitive(m, "pid")->valuedouble == pid)
			return m;
	return NULL;
}

static const char *ct_image_name(const cJSON *proc)
{
	const cJSON *a0 = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(proc, "argv"), 0);
	const cJSON *exe = cJSON_GetObjectItemCaseSensitive(proc, "exe");

	if (cJSON_IsString(a0) && a0->valuestring[0])
		return ct_fmt_base(a0->valuestring);
	return cJSON_IsString(exe) ? ct_fmt_base(exe->valuestring) : "?";
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
	cJSON_ReplaceItemInObjectCaseSensitive(args, "name", cJSON_CreateString(buf));
}

void ct_export_name_thread(struct ct_trace *t, uint32_t pid, uint32_t tid, const char *name)
{
	uint64_t key = (uint64_t)pid << 32 | tid;

	if (ct_map_get(&t->named, key))
		return;
	cJSON_AddItemToArray(t->meta, ct_meta("thread_name", pid, tid, name));
	ct_map_put(&t->named, key, (void *)1);
}

static void ct_name_threads(struct ct_trace *t, uint32_t pid, const cJSON *proc)
{
	const cJSON *th, *tid, *rt;
	char name[300];

	cJSON_ArrayForEach(th, cJSON_GetObjectItemCaseSensitive(proc, "threads")) {
		tid = cJSON_GetObjectItemCaseSensitive(th, "tid");
		rt = cJSON_GetObjectItemCaseSensitive(th, "start_routine");
		if (!cJSON_IsNumber(tid))
			continue;
		if ((uint32_t)tid->valuedouble == pid)
			snprintf(name, sizeof(name), "main");
		else
			snprintf(name, sizeof(name), "thread %u%s%s", (uint32_t)tid->valuedouble,
				 cJSON_IsString(rt) ? " " : "", cJSON_IsString(rt) ? rt->valuestring : "");
		ct_export_name_thread(t, pid, (uint32_t)tid->valuedouble, name);
	}
}

void ct_export_names(struct ct_trace *t, const cJSON *processes)
{
	const cJSON *p, *pid;
	char name[300];

	cJSON_ArrayForEach(p, processes) {
		pid = cJSON_GetObjectItemCaseSensitive(p, "pid");
		if (!cJSON_IsNumber(pid))
			continue;
		snprintf(name, sizeof(name), "%s", ct_image_name(p));
		ct_export_name_process(t, (uint32_t)pid->valuedouble, name);
		ct_name_threads(t, (uint32_t)pid->valuedouble, p);
	}
}
