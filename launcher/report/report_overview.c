/*
 * report_overview.c -- the run at a glance: command, exit, times, memory,
 * processes and threads, events, and the two-line answer (slowest import,
 * CUDA verdict).
 *
 * Never: a number the record does not hold (unknown stays "-"), or memory
 * figures without the process they belong to.
 */
#include <stdlib.h>
#include <string.h>

#include "ct_log.h"   /* CT_SNAP_MIN_TEXT */
#include "lib/fmt.h"
#include "report.h"

/* The counts of report_count.c, as the overview shows them. */
static cJSON *ct_ov_counts(const struct ct_rctx *c)
{
	cJSON *o = cJSON_CreateObject();
	struct ct_rcounts n;

	ct_rcount(c, &n);
	ct_add_num(o, "processes", (double)n.processes);
	ct_add_num(o, "images", (double)n.images);
	ct_add_num(o, "untraced", (double)n.untraced);
	ct_add_num(o, "threads", (double)n.threads);
	return o;
}

static cJSON *ct_ov_memory(const struct ct_rctx *c)
{
	const cJSON *proc = c->nimg ? c->img[c->main].proc : NULL;
	const cJSON *st = ct_rget(ct_rget(proc, "proc"), "status");
	int64_t peak = ct_rint(st, "VmHWM_kb");
	cJSON *o = cJSON_CreateObject();

	if (peak < 0)
		peak = ct_rint(ct_rget(c->rec, "rusage"), "max_rss_kb");
	ct_add_num(o, "pid", proc ? (double)c->img[c->main].pid
					       : (double)ct_rint(ct_rget(c->rec, "process"), "pid"));
	ct_add_num(o, "rss_kb", (double)ct_rint(st, "VmRSS_kb"));
	ct_add_num(o, "anon_kb", (double)ct_rint(st, "RssAnon_kb"));
	ct_add_num(o, "file_kb", (double)ct_rint(st, "RssFile_kb"));
	ct_add_num(o, "peak_kb", (double)peak);
	return o;
}

static const cJSON *ct_slowest_import(const cJSON *proc)
{
	const cJSON *imp, *best = NULL;

	cJSON_ArrayForEach(imp, ct_rget(proc, "imports"))
		if (!best || ct_rint(imp, "self_us") > ct_rint(best, "self_us"))
			best = imp;
	return best;
}

static void ct_ov_answer(const struct ct_rctx *c, cJSON *o)
{
	const cJSON *imp = c->nimg ? ct_slowest_import(c->img[c->main].proc) : NULL;
	const cJSON *nat = ct_rget(imp, "native");
	char line[256], a[32], b[32];

	if (imp) {
		snprintf(line, sizeof(line), "slowest import by self time: %s, %s", ct_rstr(imp, "module"),
			 ct_fmt_ms(a, sizeof(a), ct_rscaled(imp, "self_us", 1000)));
		if (ct_rint(nat, "dlopen_ns") > 0)
			snprintf(line + strlen(line), sizeof(line) - strlen(line), ", of which %s in "
				 "dlopen (%lld libraries)", ct_fmt_ms(b, sizeof(b), ct_rint(nat, "dlopen_ns")),
				 (long long)(ct_rint(nat, "libraries") > 0 ? ct_rint(nat, "libraries") : 0));
		ct_add_str(o, "slowest_import", line);
	}
	ct_add_str(o, "cuda_verdict", ct_rstr(ct_rget(c->rec, "cuda"), "verdict") ?
				ct_rstr(ct_rget(c->rec, "cuda"), "verdict") : "unknown");
}

/* A run is cold when it read this much from storage (io.read_bytes): a
 * warm run reads ~0.  Major faults are no evidence either way (a warm
 * `import torch`: 257 and 0 bytes read; docs/report.md). */
#define CT_COLD_READ_BYTES ((int64_t)4 << 20)

/* The sentence for a cold run (note), into line. */
static void ct_cold_note(char *line, size_t cap, int64_t rd, int64_t mf)
{
	char sz[32], faults[48] = "";
	int n = snprintf(line, cap, "read %s from storage", ct_fmt_size(sz, sizeof(sz), rd));

	if (mf >= 0)
		snprintf(faults, sizeof(faults), ", %lld major faults", (long long)mf);
	snprintf(line + n, cap - (size_t)n, "%s: a cold start (some of what it read was not in "
		 "the page cache); `ct-launch -n N --cache both` separates cold from warm", faults);
}

/* storage: what the run read from storage, whether that makes it a cold
 * start (null: read_bytes unknown) and, if so, the sentence saying so. */
static cJSON *ct_ov_storage(const struct ct_rctx *c)
{
	int64_t rd = ct_rint(ct_rget(c->rec, "io"), "read_bytes");
	int64_t mf = ct_rint(ct_rget(c->rec, "rusage"), "major_faults");
	cJSON *o = cJSON_CreateObject();
	char line[256];
	int cold = rd >= CT_COLD_READ_BYTES;

	ct_add_item(o, "read_bytes", rd >= 0 ? cJSON_CreateNumber((double)rd) : cJSON_CreateNull());
	ct_add_item(o, "major_faults", mf >= 0 ? cJSON_CreateNumber((double)mf) : cJSON_CreateNull());
	if (rd < 0)
		ct_add_null(o, "cold");
	else
		ct_add_bool(o, "cold", cold);
	if (cold)
		ct_cold_note(line, sizeof(line), rd, mf);
	ct_add_item(o, "note", cold ? cJSON_CreateString(line) : cJSON_CreateNull());
	return o;
}

cJSON *ct_rsec_overview(const struct ct_rctx *c)
{
	const cJSON *ru = ct_rget(c->rec, "rusage"), *ev = ct_rget(c->rec, "events");
	cJSON *o = cJSON_CreateObject();
	char argv[8192];

	ct_rjoin_argv(ct_rget(ct_rget(c->rec, "command"), "argv"), argv, sizeof(argv));
	ct_add_str(o, "run_id", ct_rstr(c->rec, "run_id") ? ct_rstr(c->rec, "run_id") : "");
	ct_add_item(o, "record", cJSON_CreateString(c->path));   /* its bytes, for the text */
	ct_add_str(o, "command", argv);
	ct_add_item(o, "exit", cJSON_Duplicate(ct_rget(c->rec, "exit"), 1));
	ct_add_num(o, "wall_ms", (double)ct_rint(ct_rget(c->rec, "timing"), "wall_ms"));
	ct_add_num(o, "user_ms", (double)ct_rint(ru, "user_cpu_ms"));
	ct_add_num(o, "sys_ms", (double)ct_rint(ru, "system_cpu_ms"));
	ct_add_item(o, "ready", ct_rsec_ready(c->rec));
	ct_add_item(o, "memory", ct_ov_memory(c));
	ct_add_item(o, "counts", ct_ov_counts(c));
	ct_add_num(o, "events", (double)ct_rint(ev, "records"));
	ct_add_num(o, "events_dropped", (double)ct_rint(ev, "dropped"));
	ct_add_num(o, "snapshots_short", (double)ct_rint(ev, "snapshots_short"));
	ct_add_item(o, "error", cJSON_Duplicate(ct_rget(c->rec, "error"), 1));
	ct_add_item(o, "warnings", cJSON_Duplicate(ct_rget(c->rec, "warnings"), 1));
	ct_add_item(o, "storage", ct_ov_storage(c));
	ct_ov_answer(c, o);
	return o;
}

static void ct_show_exit(FILE *out, const cJSON *s)
{
	const cJSON *ex = ct_rget(s, "exit");
	char w[32], u[32], y[32];

	if (ct_rint(ex, "signal") > 0)
		fprintf(out, "  exit       killed by %s",
			ct_fmt_signal(y, sizeof(y), (long long)ct_rint(ex, "signal")));
	else
		fprintf(out, "  exit       %-10lld", (long long)ct_rint(ex, "code"));
	fprintf(out, "  wall %s   user %s   sys %s\n",
		ct_fmt_ms(w, sizeof(w), ct_rscaled(s, "wall_ms", 1000000)),
		ct_fmt_ms(u, sizeof(u), ct_rscaled(s, "user_ms", 1000000)),
		ct_fmt_ms(y, sizeof(y), ct_rscaled(s, "sys_ms", 1000000)));
}

static void ct_show_memory(FILE *out, const cJSON *m)
{
	char r[32], a[32], f[32], p[32];

	fprintf(out, "  memory     RSS at exit %s (anon %s, file %s), peak %s",
		ct_fmt_size(r, sizeof(r), ct_rscaled(m, "rss_kb", 1024)),
		ct_fmt_size(a, sizeof(a), ct_rscaled(m, "anon_kb", 1024)),
		ct_fmt_size(f, sizeof(f), ct_rscaled(m, "file_kb", 1024)),
		ct_fmt_size(p, sizeof(p), ct_rscaled(m, "peak_kb", 1024)));
	if (ct_rint(m, "pid") > 0)   /* unknown when the command never started */
		fprintf(out, "  [pid %lld]", (long long)ct_rint(m, "pid"));
	fputc('\n', out);
}

static void ct_show_notes(FILE *out, const cJSON *s)
{
	const cJSON *w;
	char line[CT_FMT_WIDTH];

	if (ct_rstr(s, "error"))
		fprintf(out, "  %serror      %s%s\n", ct_c(CT_C_RED),
			ct_fmt_cut(line, sizeof(line), ct_rstr(s, "error"), 85), ct_c(CT_C_OFF));
	cJSON_ArrayForEach(w, ct_rget(s, "warnings"))
		if (cJSON_IsString(w)) {   /* whole: a warning cut short says nothing */
			fputs(ct_c(CT_C_YELLOW), out);
			ct_fmt_hang(out, "  warning", 13, w->valuestring);
			fputs(ct_c(CT_C_OFF), out);
		}
}

void ct_rshow_overview(FILE *out, const cJSON *s, const struct ct_rctx *c)
{
	const cJSON *n = ct_rget(s, "counts");
	char cmd[CT_FMT_WIDTH], line[512];

	(void)c;
	fprintf(out, "%scoldtrace report%s  %s\n", ct_c(CT_C_BOLD), ct_c(CT_C_OFF),
		ct_fmt_cut(cmd, sizeof(cmd), ct_rstr(s, "record"), 80));
	fprintf(out, "  command    %s\n", ct_fmt_cut(cmd, sizeof(cmd), ct_rstr(s, "command"), 86));
	ct_show_exit(out, s);
	ct_rshow_ready(out, ct_rget(s, "ready"));
	ct_show_memory(out, ct_rget(s, "memory"));
	fprintf(out, "  processes  %lld (distinct pids), programs %lld (exec images, %lld of "
		     "them untraced), threads %lld\n", (long long)ct_rint(n, "processes"),
		(long long)ct_rint(n, "images"), (long long)ct_rint(n, "untraced"),
		(long long)ct_rint(n, "threads"));
	fprintf(out, "  events     %lld recorded, %lld dropped", (long long)ct_rint(s, "events"),
		(long long)ct_rint(s, "events_dropped"));
	if (ct_rint(s, "snapshots_short") > 0)   /* docs/record-processes.md: exit.snapshot */
		fprintf(out, "; %lld images under " CT_SNAP_MIN_TEXT " took no /proc snapshot",
			(long long)ct_rint(s, "snapshots_short"));
	fputc('\n', out);
	ct_show_notes(out, s);
	fprintf(out, "  %sanswer%s\n", ct_c(CT_C_BOLD), ct_c(CT_C_OFF));
	if (ct_rstr(s, "slowest_import"))
		ct_fmt_wrap(out, 4, ct_rstr(s, "slowest_import"));
	snprintf(line, sizeof(line), "CUDA verdict: %s", ct_rstr(s, "cuda_verdict"));
	ct_fmt_wrap(out, 4, line);
	if (ct_rstr(ct_rget(s, "storage"), "note"))
		ct_fmt_wrap(out, 4, ct_rstr(ct_rget(s, "storage"), "note"));
}
