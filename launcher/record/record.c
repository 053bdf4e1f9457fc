/*
 * record.c -- the top-level keys of record.json, and writing it.
 *
 * One function per object, each taking only facts the caller measured.
 * An unknown value (-1 / NULL in struct ct_facts) is JSON null, never
 * 0 or "".  record.json appears complete or not at all (temp + rename),
 * both relative to a checked descriptor of the run directory (safedir.h).
 * Never: a key with two meanings between launcher and bare runs.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/ctpack_read.h"
#include "lib/json.h"
#include "host.h"
#include "record.h"

void ct_facts_init(struct ct_facts *f)
{
	memset(f, 0, sizeof(*f));
	f->started_unix_ms = f->wall_ms = f->first_stdout_ms = f->ready_ms = -1;
	f->exit_code = -1;
	f->user_cpu_ms = f->system_cpu_ms = f->max_rss_kb = -1;
	f->minflt = f->majflt = f->nvcsw = f->nivcsw = -1;
	f->rchar = f->wchar = f->read_bytes = f->write_bytes = -1;
	f->pid = -1;
	f->follow = -1;
	f->stdout_bytes = f->stderr_bytes = -1;
}

static void ct_put_num(cJSON *o, const char *key, int64_t v)
{
	if (v < 0)
		cJSON_AddNullToObject(o, key);
	else
		cJSON_AddNumberToObject(o, key, (double)v);
}

/* Strings by the one rule of lib/utf8.h: a byte that is not valid UTF-8
 * becomes U+FFFD (argv and cwd also keep their bytes: ct_add_bytes). */
static void ct_put_str(cJSON *o, const char *key, const char *s)
{
	ct_add_str(o, key, s);
}

static cJSON *ct_obj(cJSON *parent, const char *key)
{
	cJSON *o = cJSON_CreateObject();

	if (o && !cJSON_AddItemToObject(parent, key, o)) {
		cJSON_Delete(o);
		o = NULL;
	}
	return o ? o : cJSON_CreateObject();   /* never NULL for the callers; leaks only on OOM */
}

static void ct_rec_launcher_command(cJSON *rec, const struct ct_facts *f)
{
	cJSON *l = ct_obj(rec, "launcher"), *c = ct_obj(rec, "command");

	ct_put_str(l, "mode", f->launcher_mode);
	ct_put_str(l, "unit_name", f->unit_name);   /* --systemd only */
	if (!f->unit || !cJSON_AddItemToObject(l, "unit", f->unit))
		cJSON_AddNullToObject(l, "unit");
	if (f->follow < 0)
		cJSON_AddNullToObject(l, "follow");
	else
		cJSON_AddBoolToObject(l, "follow", f->follow);
	cJSON_AddArrayToObject(l, "warnings");
	ct_add_strv(c, "argv", f->argv);
	ct_add_bytes(c, "cwd", f->cwd);
}

static void ct_rec_timing_exit(cJSON *rec, const struct ct_facts *f)
{
	cJSON *t = ct_obj(rec, "timing"), *e = ct_obj(rec, "exit");

	ct_put_num(t, "started_unix_ms", f->started_unix_ms);
	ct_put_num(t, "wall_ms", f->wall_ms);
	ct_put_num(t, "time_to_first_stdout_ms", f->first_stdout_ms);
	ct_put_num(t, "time_to_ready_ms", f->ready_ms);
	ct_put_num(e, "code", f->exit_known ? f->exit_code : -1);
	ct_put_num(e, "signal", f->exit_known && f->exit_signal > 0 ? f->exit_signal : -1);
}

static void ct_rec_rusage(cJSON *rec, const struct ct_facts *f)
{
	cJSON *r = ct_obj(rec, "rusage");

	ct_put_num(r, "user_cpu_ms", f->user_cpu_ms);
	ct_put_num(r, "system_cpu_ms", f->system_cpu_ms);
	ct_put_num(r, "max_rss_kb", f->max_rss_kb);
	ct_put_num(r, "minor_faults", f->minflt);
	ct_put_num(r, "major_faults", f->majflt);
	ct_put_num(r, "voluntary_context_switches", f->nvcsw);
	ct_put_num(r, "involuntary_context_switches", f->nivcsw);
	r = ct_obj(rec, "io");
	ct_put_num(r, "read_bytes", f->read_bytes);
	ct_put_num(r, "write_bytes", f->write_bytes);
	ct_put_num(r, "rchar", f->rchar);
	ct_put_num(r, "wchar", f->wchar);
}

/* process{}: pid is ours; the rest comes from the root's exit snapshot,
 * filled in by the merger (null until then, and when there is none). */
static void ct_rec_process_output(cJSON *rec, const struct ct_facts *f)
{
	cJSON *p = ct_obj(rec, "process"), *o = ct_obj(rec, "output");

	ct_put_num(p, "pid", f->pid);
	cJSON_AddNullToObject(p, "cgroup");
	cJSON_AddNullToObject(p, "peak_rss_kb");
	cJSON_AddNullToObject(p, "mapped_files_count");
	ct_put_num(o, "stdout_bytes", f->stdout_bytes);
	ct_put_num(o, "stderr_bytes", f->stderr_bytes);
	if (f->stdout_bytes < 0 || !cJSON_AddItemToObject(o, "late", ct_late_json(f, f->drainer_pid <= 0)))
		cJSON_AddNullToObject(o, "late");
}

cJSON *ct_late_json(const struct ct_facts *f, int complete)
{
	cJSON *l = cJSON_CreateObject();

	if (!l)
		return NULL;
	ct_put_num(l, "stdout_bytes", f->late_stdout_bytes);
	ct_put_num(l, "stderr_bytes", f->late_stderr_bytes);
	ct_put_num(l, "drainer_pid", f->drainer_pid > 0 ? f->drainer_pid : -1);
	cJSON_AddBoolToObject(l, "complete", complete);
	return l;
}

cJSON *ct_record_event_files(const char *run_dir)
{
	cJSON *ev = cJSON_CreateArray();
	char **names = NULL, why[320];
	int i, n = 0;

	if (run_dir)
		n = ct_rundir_lognames(run_dir, &names, why, sizeof(why));
	for (i = 0; ev && i < n; i++)
		ct_push(ev, ct_str_json(names[i]));
	if (n > 0)
		ct_lognames_free(names, n);
	return ev;
}

const char *const ct_v0_artifact_keys[CT_V0_ARTIFACTS] = {
	"proc_status", "proc_cgroup", "proc_maps", "importtime", "strace_summary",
};

void ct_artifact_set(cJSON *rec, const char *key, const char *file, const char *why)
{
	cJSON *a = cJSON_GetObjectItemCaseSensitive(rec, "artifacts"), *nw;

	if (!cJSON_IsObject(a))
		return;
	nw = cJSON_GetObjectItemCaseSensitive(a, "not_written");
	if (!cJSON_IsObject(nw))
		nw = ct_obj(a, "not_written");
	ct_rec_set(a, key, file ? ct_str_json(file) : cJSON_CreateNull());
	if (file)
		cJSON_DeleteItemFromObjectCaseSensitive(nw, key);
	else
		ct_rec_set(nw, key, ct_str_json(why));
}

static void ct_rec_artifacts(cJSON *rec, const struct ct_facts *f)
{
	cJSON *a = ct_obj(rec, "artifacts");
	int i;

	cJSON_AddStringToObject(a, "record", "record.json");
	ct_put_str(a, "stdout", f->stdout_bytes >= 0 ? "stdout.log" : NULL);
	ct_put_str(a, "stderr", f->stderr_bytes >= 0 ? "stderr.log" : NULL);
	cJSON_AddItemToObject(a, "events", ct_record_event_files(f->run_dir));
	for (i = 0; i < CT_V0_ARTIFACTS; i++)
		cJSON_AddNullToObject(a, ct_v0_artifact_keys[i]);
	ct_obj(a, "not_written");
	for (i = 0; i < CT_V0_ARTIFACTS; i++)
		ct_artifact_set(rec, ct_v0_artifact_keys[i], NULL,
				"nothing was merged: the command never started");
}

cJSON *ct_record_base(const struct ct_facts *f)
{
	cJSON *rec = cJSON_CreateObject();

	if (!rec)
		return NULL;
	cJSON_AddStringToObject(rec, "schema_version", CT_SCHEMA);
	ct_put_str(rec, "run_id", f->run_id);
	ct_put_str(rec, "name", f->name);
	ct_rec_launcher_command(rec, f);
	cJSON_AddItemToObject(rec, "host", f->host ? f->host : ct_host_json());
	cJSON_AddItemToObject(rec, "env", ct_env_json());
	ct_rec_timing_exit(rec, f);
	ct_rec_rusage(rec, f);
	ct_rec_process_output(rec, f);
	ct_rec_artifacts(rec, f);
	ct_put_str(rec, "error", f->error);
	cJSON_AddNullToObject(rec, "startup_failure");   /* the launcher fills it in */
	cJSON_AddNullToObject(rec, "ready");             /* so does --ready, with these two */
	cJSON_AddNullToObject(rec, "not_ready");
	cJSON_AddArrayToObject(rec, "warnings");
	return rec;
}

void ct_record_warn(cJSON *rec, const char *text)
{
	cJSON *w = cJSON_GetObjectItemCaseSensitive(rec, "warnings");

	if (!cJSON_IsArray(w))
		w = cJSON_AddArrayToObject(rec, "warnings");
	if (w)
		ct_push(w, ct_str_json(text));
}

void ct_record_launcher_warn(cJSON *rec, const char *text)
{
	cJSON *l = cJSON_GetObjectItemCaseSensitive(rec, "launcher");
	cJSON *w = cJSON_GetObjectItemCaseSensitive(l, "warnings");

	if (cJSON_IsArray(w))
		ct_push(w, ct_str_json(text));
	ct_record_warn(rec, text);
}

int ct_record_write(const char *rundir, const cJSON *rec)
{
	struct ct_outfile f;
	char *text = ct_json_print(rec);   /* malloc'd, never the arena's */
	int rc = -1;

	if (!text) {
		errno = ENOMEM;
		return -1;
	}
	if (ct_outfile_open(&f, rundir, "record.json")) {
		fputs(text, f.out);
		fputc('\n', f.out);
		rc = ct_outfile_commit(&f);
	}
	free(text);
	return rc;
}
