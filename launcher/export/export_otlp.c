/*
 * export_otlp.c -- `coldtrace export --otlp [RUN | SERIES] [-o FILE]`: OTLP
 * JSON lines, one TracesData per line and one trace per run (a series:
 * one line per run of its runs[], in order), as the OpenTelemetry
 * Collector's file exporter writes and its otlpjsonfilereceiver reads.
 * Default output: RUN_DIR/otlp.jsonl or SERIES_DIR/otlp.jsonl.
 *
 * A run's resource: service.name, host.name, process.command_line,
 * process.runtime.name/version (the traced Python's, else the host's),
 * coldtrace.run_id, coldtrace.cache_mode (the series group, when the run
 * is one of a series).  The trace id is a hash of the run id, so the same
 * run exports the same ids.  Exit status: 0; 2 when the run or series
 * cannot be read; 125 when the output cannot be written.
 * Never: a line that is not one whole TracesData; a run's spans in
 * another run's trace.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cmds.h"
#include "export.h"
#include "export_ot.h"
#include "lib/json.h"
#include "lib/msg.h"
#include "report/load.h"
#include "series/load.h"

struct ct_ot_job {
	const cJSON *rows;      /* a series' runs[]; NULL: one run */
	const char *dir;        /* the series' directory */
	const struct ct_rctx *run;   /* one run */
	size_t lines, spans;
};

/* Two 64-bit FNV-1a hashes of the run id as 32 hex digits. */
static void ct_ot_trace_id(char out[33], const char *run_id)
{
	uint64_t h[2] = { 0xcbf29ce484222325ull, 0x84222325cbf29ce4ull };
	const unsigned char *s;
	int i;

	for (i = 0; i < 2; i++)
		for (s = (const unsigned char *)run_id; *s; s++)
			h[i] = (h[i] ^ *s) * 0x100000001b3ull;
	snprintf(out, 33, "%016llx%016llx", (unsigned long long)h[0], (unsigned long long)h[1]);
}

/* The traced Python's version (the first image with one), else the host's. */
static const char *ct_ot_python(const cJSON *rec)
{
	const cJSON *p;

	cJSON_ArrayForEach(p, ct_rget(rec, "processes"))
		if (ct_rstr(ct_rget(p, "python"), "version"))
			return ct_rstr(ct_rget(p, "python"), "version");
	return ct_rpath(rec, "host.python_version") ?
	       cJSON_GetStringValue(ct_rpath(rec, "host.python_version")) : NULL;
}

static cJSON *ct_ot_resource(const cJSON *rec, const char *cache)
{
	cJSON *a = cJSON_CreateObject(), *r = cJSON_CreateObject();
	const char *py = ct_ot_python(rec);
	char cmd[4096];

	ct_rjoin_argv(ct_rpath(rec, "command.argv"), cmd, sizeof(cmd));
	ct_add_str(a, "service.name", "coldtrace");
	if (cJSON_GetStringValue(ct_rpath(rec, "host.hostname")))
		ct_add_str(a, "host.name", cJSON_GetStringValue(ct_rpath(rec, "host.hostname")));
	ct_add_str(a, "process.command_line", cmd);
	if (py) {
		ct_add_str(a, "process.runtime.name", "python");
		ct_add_str(a, "process.runtime.version", py);
	}
	ct_add_str(a, "coldtrace.run_id", ct_rstr(rec, "run_id") ? ct_rstr(rec, "run_id") : "");
	if (cache)
		ct_add_str(a, "coldtrace.cache_mode", cache);
	ct_add_item(r, "attributes", ct_ot_attributes(a));
	cJSON_Delete(a);
	return r;
}

/* ms to ns: epoch ns pass CT_RMAX (ct_rscaled's cap), so not through it;
 * -1 when unknown. */
static int64_t ct_ot_ns(const cJSON *o, const char *key)
{
	int64_t ms = ct_rint(o, key);

	return ms < 0 || ms > INT64_MAX / 1000000 ? -1 : ms * 1000000;
}

/* The run's span, from the launcher's start for wall_ms, and its "ready"
 * span when the record says when the program was ready. */
static uint64_t ct_ot_run(struct ct_ot *o, const cJSON *rec)
{
	static const char *const keys[] = { "wall_ms", "time_to_first_stdout_ms",
					    "time_to_ready_ms", NULL };
	int64_t t0 = ct_ot_ns(ct_rget(rec, "timing"), "started_unix_ms");
	int64_t wall = ct_ot_ns(ct_rget(rec, "timing"), "wall_ms");
	int64_t ready = ct_ot_ns(ct_rget(rec, "timing"), "time_to_ready_ms");
	cJSON *a = ct_export_args(ct_rget(rec, "timing"), keys);
	const cJSON *x = ct_rget(rec, "exit"), *rd = ct_rget(rec, "ready");
	char name[300];
	uint64_t run;

	if (ct_rint(x, "code") >= 0)
		ct_add_int(a, "exit.code", ct_rint(x, "code"));
	if (ct_rint(x, "signal") >= 0)
		ct_add_int(a, "exit.signal", ct_rint(x, "signal"));
	snprintf(name, sizeof(name), "run %s", ct_rstr(rec, "name") ? ct_rstr(rec, "name") : "");
	t0 = t0 < 0 ? 0 : t0;
	run = ct_ot_span(o, 0, name, t0, t0 + (wall > 0 ? wall : 0), a);
	if (run && ready >= 0)
		ct_ot_span(o, run, "ready", t0, t0 + ready, cJSON_IsObject(rd) ?
			   cJSON_Duplicate(rd, 1) : NULL);
	return run;
}

/* One run's TracesData as one line of out. */
static int ct_ot_line(FILE *out, const cJSON *rec, const char *cache, struct ct_ot_job *j)
{
	struct ct_ot o = { cJSON_CreateArray(), "", 0, 0, 0 };
	const cJSON *root = cJSON_GetArrayItem(ct_rget(rec, "processes"), 0);
	cJSON *td = cJSON_CreateObject(), *rs = cJSON_CreateArray(), *r = cJSON_CreateObject();
	cJSON *ss = cJSON_CreateArray(), *sc = cJSON_CreateObject(), *scope = cJSON_CreateObject();
	char *text;
	int rc;

	ct_ot_trace_id(o.trace_id, ct_rstr(rec, "run_id") ? ct_rstr(rec, "run_id") : "");
	if (root && ct_rint(root, "start_unix_ms") >= 0 && ct_rint(root, "start_ns") >= 0)
		o.offset = ct_ot_ns(root, "start_unix_ms") - ct_rint(root, "start_ns");
	ct_ot_images(&o, rec, ct_ot_run(&o, rec));
	j->spans += (size_t)cJSON_GetArraySize(o.spans);
	/* inside out; each item made above goes in or is deleted, once */
	rc = ct_add_str(scope, "name", "coldtrace") || ct_add_str(scope, "version", CT_VERSION);
	rc = ct_add_or_drop(sc, "scope", scope, rc);
	rc = ct_add_or_drop(sc, "spans", o.spans, rc);
	rc = ct_push_or_drop(ss, sc, rc);
	rc = rc || ct_add_item(r, "resource", ct_ot_resource(rec, cache));
	rc = ct_add_or_drop(r, "scopeSpans", ss, rc);
	rc = ct_push_or_drop(rs, r, rc);
	rc = ct_add_or_drop(td, "resourceSpans", rs, rc);
	text = rc || o.oom ? NULL : cJSON_PrintUnformatted(td);
	rc = text && fprintf(out, "%s\n", text) > 0 ? 0 : -1;
	cJSON_free(text);
	cJSON_Delete(td);
	j->lines++;
	return rc;
}

static int ct_ot_write(FILE *out, void *arg, char *what, size_t n)
{
	struct ct_ot_job *j = arg;
	struct ct_ropts ro = { .top = 1 };
	struct ct_rctx c;
	const cJSON *row;
	char path[4400];
	int rc = 0;

	if (!j->rows)
		rc = ct_ot_line(out, j->run->rec, NULL, j);
	cJSON_ArrayForEach(row, j->rows) {
		memset(&c, 0, sizeof(c));
		c.o = &ro;
		snprintf(path, sizeof(path), "%s/%s", j->dir, ct_rstr(row, "dir") ? ct_rstr(row, "dir") : "");
		if (ct_report_load(&c, path) == 0)   /* else its line says why; the others go on */
			rc |= ct_ot_line(out, c.rec, ct_rstr(row, "group"), j);
		ct_report_free(&c);
	}
	snprintf(what, n, "(%zu run%s, %zu spans)", j->lines, j->lines == 1 ? "" : "s", j->spans);
	return rc;
}

static int ct_ot_series(const char *arg, const char *out_path)
{
	char dir[4096];
	cJSON *ser = ct_series_load(arg, dir, sizeof(dir));
	struct ct_ot_job j = { NULL, dir, NULL, 0, 0 };
	int rc;

	if (!ser)
		return CT_STATUS_USAGE;
	j.rows = ct_rget(ser, "runs");
	if (!cJSON_GetArraySize(j.rows)) {
		ct_msg("'%s' holds no run (runs[] is empty)", dir);
		cJSON_Delete(ser);
		return CT_STATUS_USAGE;
	}
	rc = ct_export_write(dir, "otlp.jsonl", out_path, ct_ot_write, &j);
	cJSON_Delete(ser);
	return rc;
}

int ct_export_otlp(const char *arg, const char *out_path)
{
	struct ct_ropts ro = { .top = 1 };
	struct ct_ot_job j = { NULL, NULL, NULL, 0, 0 };
	char *series = ct_series_resolve(arg);
	struct ct_rctx c;
	int rc;

	if (series) {
		rc = ct_ot_series(series, out_path);
		free(series);
		return rc;
	}
	memset(&c, 0, sizeof(c));
	c.o = &ro;
	j.run = &c;
	rc = ct_report_load(&c, arg);
	if (!rc)
		rc = ct_export_write(c.dir, "otlp.jsonl", out_path, ct_ot_write, &j);
	ct_report_free(&c);
	return rc;
}
