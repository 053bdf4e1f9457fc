/*
 * series_rows.c -- one row of series.json per counted run, read from the
 * run's record.json: the figures the statistics are computed on.
 *
 * Every figure is the record's own (summed over the run's processes where
 * the record keeps it per process); a figure the record does not know is
 * null and left out of the statistics.  Never: a figure that is not in the
 * record (the series adds only the run's index, group and eviction).
 */
#include <stdio.h>
#include <string.h>

#include "lib/fscalls.h"
#include "lib/json.h"
#include "report/load.h"
#include "series.h"

static void ct_num_or_null(cJSON *row, const char *key, int64_t v)
{
	ct_add_item(row, key, v >= 0 ? cJSON_CreateNumber((double)v) : cJSON_CreateNull());
}

/* Counts summed over processes; the file calls by the kind table's
 * classes (lib/fscalls.h). */
static void ct_row_counts(cJSON *row, const struct ct_rctx *c)
{
	int64_t libs = 0, imps = 0, op = 0, st = 0, acc = 0, fail = 0, thr = 0;
	const cJSON *l, *calls;
	size_t i;

	for (i = 0; i < c->nimg; i++) {
		const cJSON *p = c->img[i].proc;

		cJSON_ArrayForEach(l, ct_rget(p, "libraries"))
			libs += !cJSON_IsTrue(ct_rget(l, "own"));
		imps += cJSON_GetArraySize(ct_rget(p, "imports"));
		calls = ct_rget(p, "calls");
		op += ct_fscalls_sum(calls, CT_FS_OPEN, "count");
		st += ct_fscalls_sum(calls, CT_FS_STAT, "count");
		acc += ct_fscalls_sum(calls, CT_FS_ACCESS, "count");
		fail += ct_fscalls_sum(calls, CT_FS_NONE, "errors");
		thr += cJSON_GetArraySize(ct_rget(p, "threads"));
	}
	cJSON_AddNumberToObject(row, "libraries", (double)libs);
	cJSON_AddNumberToObject(row, "imports", (double)imps);
	cJSON_AddNumberToObject(row, "opens", (double)op);
	cJSON_AddNumberToObject(row, "stats", (double)st);
	cJSON_AddNumberToObject(row, "accesses", (double)acc);
	cJSON_AddNumberToObject(row, "failed_lookups", (double)fail);
	cJSON_AddNumberToObject(row, "threads", (double)thr);
	cJSON_AddNumberToObject(row, "processes", (double)(int64_t)c->nimg);
}

/* row["phase_NAME_SUFFIX"] += ns in ms (ns < 0: unknown, left out). */
static void ct_row_sum(cJSON *row, const char *name, const char *suffix, int64_t ns)
{
	char key[96];
	cJSON *have;

	if (ns < 0)
		return;
	snprintf(key, sizeof(key), "phase_%s_%s", name, suffix);
	have = cJSON_GetObjectItemCaseSensitive(row, key);
	if (have)
		cJSON_SetNumberValue(have, have->valuedouble + (double)ns / 1e6);
	else
		cJSON_AddNumberToObject(row, key, (double)ns / 1e6);
}

/* time.parts[] of every process, summed per part, in ms: the time and,
 * where the record has it (cpu_ns), the thread CPU. */
static void ct_row_phases(cJSON *row, const struct ct_rctx *c)
{
	const cJSON *part;
	size_t i;

	for (i = 0; i < c->nimg; i++)
		cJSON_ArrayForEach(part, ct_rget(ct_rget(c->img[i].proc, "time"), "parts")) {
			const char *name = ct_rstr(part, "part");

			if (!name)
				continue;
			ct_row_sum(row, name, "ms", ct_rint(part, "ns"));
			ct_row_sum(row, name, "cpu_ms", ct_rint(part, "cpu_ns"));
		}
}

static void ct_row_launcher(cJSON *row, const cJSON *rec)
{
	const cJSON *ru = ct_rget(rec, "rusage"), *t = ct_rget(rec, "timing");

	ct_num_or_null(row, "exit_code", ct_rint(ct_rget(rec, "exit"), "code"));
	ct_num_or_null(row, "signal", ct_rint(ct_rget(rec, "exit"), "signal"));
	ct_num_or_null(row, "wall_ms", ct_rint(t, "wall_ms"));
	ct_num_or_null(row, "user_ms", ct_rint(ru, "user_cpu_ms"));
	ct_num_or_null(row, "sys_ms", ct_rint(ru, "system_cpu_ms"));
	ct_num_or_null(row, "first_stdout_ms", ct_rint(t, "time_to_first_stdout_ms"));
	ct_num_or_null(row, "ready_ms", ct_rint(t, "time_to_ready_ms"));
	ct_num_or_null(row, "peak_rss_kb", ct_rint(ru, "max_rss_kb"));
	ct_num_or_null(row, "major_faults", ct_rint(ru, "major_faults"));
	ct_num_or_null(row, "read_bytes", ct_rint(ct_rget(rec, "io"), "read_bytes"));
	ct_num_or_null(row, "rchar", ct_rint(ct_rget(rec, "io"), "rchar"));
}

cJSON *ct_series_row(const struct ct_series *s, const struct ct_srun *r)
{
	struct ct_ropts o = { .top = 1 };
	struct ct_rctx c;
	cJSON *row = cJSON_CreateObject();
	char dir[4200];

	snprintf(dir, sizeof(dir), "%s/%03d", s->dir, r->index);
	memset(&c, 0, sizeof(c));
	c.o = &o;
	cJSON_AddNumberToObject(row, "index", (double)r->index);
	ct_add_str(row, "dir", strrchr(dir, '/') + 1);
	ct_add_str(row, "group", r->group);
	cJSON_AddNumberToObject(row, "status", (double)r->status);
	ct_add_bool(row, "interrupted", r->interrupted);
	ct_add_item(row, "eviction", r->evicted ? ct_evict_json(&r->ev) : cJSON_CreateNull());
	if (ct_report_load(&c, dir) == 0) {
		ct_row_launcher(row, c.rec);
		ct_row_phases(row, &c);
		ct_row_counts(row, &c);
		ct_add_str(row, "cuda_verdict", ct_rstr(ct_rget(c.rec, "cuda"), "verdict"));
		ct_add_str(row, "error", ct_rstr(c.rec, "error"));
	} else {
		ct_add_str(row, "error", "the run's record.json cannot be read");
	}
	ct_report_free(&c);
	return row;
}
