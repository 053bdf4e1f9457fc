/*
 * diff_headline.c -- the numbers first: wall, CPU, first output, time to
 * ready (ct-launch --ready), memory,
 * faults, storage reads, and each part of "where the time went" of the
 * main image (the report's split, processes[].time of the record).
 *
 * Values are in base units (ns, bytes, counts) so that every row compares
 * and gates alike.  A row unknown on both sides is left out; one unknown
 * on one side stays, with null there.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lib/fmt.h"
#include "diff.h"

enum ct_dscope { CT_DREC, CT_DMAIN };

struct ct_dmetric {
	const char *name;       /* what --fail-if names */
	const char *label;
	const char *unit;
	enum ct_dscope scope;   /* the record or the main image */
	const char *path;
	double scale;           /* record unit -> base unit */
	double resolution;      /* a smaller shift is never significant (base unit) */
};

/* CPU time from rusage: the scheduler's accounting, at the granularity of
 * its tick on many kernels (4 ms at HZ=250); a few ms between two series
 * of one command is that, not a change. */
#define CT_DCPU_RESOLUTION 10e6

static const struct ct_dmetric ct_dmetrics[] = {
	{ "wall", "wall", "ns", CT_DREC, "timing.wall_ms", 1e6, 0 },
	{ "user", "user CPU", "ns", CT_DREC, "rusage.user_cpu_ms", 1e6, CT_DCPU_RESOLUTION },
	{ "sys", "system CPU", "ns", CT_DREC, "rusage.system_cpu_ms", 1e6, CT_DCPU_RESOLUTION },
	{ "first_stdout", "first stdout", "ns", CT_DREC, "timing.time_to_first_stdout_ms", 1e6, 0 },
	{ "ready", "time to ready", "ns", CT_DREC, "timing.time_to_ready_ms", 1e6, 0 },
	{ "rss", "peak RSS", "bytes", CT_DREC, "process.peak_rss_kb", 1024, 0 },
	{ "rss_anon", "RSS anon at exit", "bytes", CT_DMAIN, "proc.status.RssAnon_kb", 1024, 0 },
	{ "rss_file", "RSS file at exit", "bytes", CT_DMAIN, "proc.status.RssFile_kb", 1024, 0 },
	{ "major_faults", "major faults", "count", CT_DREC, "rusage.major_faults", 1, 0 },
	{ "read_bytes", "storage read", "bytes", CT_DREC, "io.read_bytes", 1, 0 },
};

#define CT_DNMETRICS (sizeof(ct_dmetrics) / sizeof(ct_dmetrics[0]))

static double ct_dmetric_value(const struct ct_dmetric *m, const struct ct_rctx *r)
{
	if (m->scope == CT_DREC)
		return ct_dpath(r->rec, m->path) * m->scale;
	return r->nimg ? ct_dpath(r->img[r->main].proc, m->path) * m->scale : NAN;
}

/* The ns of one part of the main image's time split; NAN when absent. */
static double ct_dpart(const struct ct_rctx *r, const char *part)
{
	const cJSON *p, *time = r->nimg ? ct_rget(r->img[r->main].proc, "time") : NULL;

	if (!strcmp(part, "traced"))
		return ct_dnum(time, "traced_ns");
	cJSON_ArrayForEach(p, ct_rget(time, "parts"))
		if (ct_dstreq(ct_rstr(p, "part"), part))
			return ct_dnum(p, "ns");
	return NAN;
}

static void ct_drow(const struct ct_dctx *c, cJSON *rows, const char *name, const char *label,
		    const char *unit, double *v[2], double resolution)
{
	struct ct_dcmp cmp;
	cJSON *o;

	ct_dcompare(v[0], c->s[0].n, v[1], c->s[1].n, c->o->min_rel, &cmp);
	if (isnan(cmp.a) && isnan(cmp.b))
		return;
	if (cmp.significant && fabs(cmp.change) < resolution) {
		cmp.significant = 0;
		cmp.note = "not significant: below what the measure resolves";
	}
	o = ct_dcmp_json(&cmp, unit);
	cJSON_AddStringToObject(o, "metric", name);
	cJSON_AddStringToObject(o, "label", label);
	cJSON_AddItemToArray(rows, o);
}

static void ct_dmetric_rows(const struct ct_dctx *c, cJSON *rows, double *v[2])
{
	const struct ct_dmetric *m;
	size_t i, side, r;

	for (i = 0; i < CT_DNMETRICS; i++) {
		m = &ct_dmetrics[i];
		for (side = 0; side < 2; side++)
			for (r = 0; r < c->s[side].n; r++)
				v[side][r] = ct_dmetric_value(m, &c->s[side].run[r]);
		ct_drow(c, rows, m->name, m->label, m->unit, v, m->resolution);
	}
}

/* Every part name either side's main images have, in the record's order. */
static void ct_dpart_rows(const struct ct_dctx *c, cJSON *rows, double *v[2])
{
	static const char *const parts[] = { "traced", "native_loading",
		"dlopen_search_map", "dlopen_relocation", "dlopen_constructors",   /* --loader */
		"python_imports", "extension_init", "filesystem", "before_imports", "after_imports",
		"program_work", "atexit", "finalization", "native_exit",   /* exit marks */
		"rest" };
	char name[64];
	size_t i, side, r;

	for (i = 0; i < sizeof(parts) / sizeof(parts[0]); i++) {
		for (side = 0; side < 2; side++)
			for (r = 0; r < c->s[side].n; r++)
				v[side][r] = ct_dpart(&c->s[side].run[r], parts[i]);
		snprintf(name, sizeof(name), "time.%s", parts[i]);
		ct_drow(c, rows, name, name, "ns", v, 0);
	}
}

cJSON *ct_dsec_headline(const struct ct_dctx *c)
{
	double *v[2];
	cJSON *o = cJSON_CreateObject(), *rows = cJSON_AddArrayToObject(o, "metrics");

	v[0] = calloc(c->s[0].n + 1, sizeof(double));
	v[1] = calloc(c->s[1].n + 1, sizeof(double));
	if (v[0] && v[1]) {
		ct_dmetric_rows(c, rows, v);
		ct_dpart_rows(c, rows, v);
	}
	free(v[0]);
	free(v[1]);
	cJSON_AddStringToObject(o, "method", c->s[0].n > 1 && c->s[1].n > 1 ? CT_DIFF_METHOD :
				"single runs: values compared, no test of noise");
	cJSON_AddNumberToObject(o, "min_change", c->o->min_rel);
	return o;
}

void ct_dshow_headline(FILE *out, const cJSON *s)
{
	const cJSON *m;

	ct_fmt_heading(out, "Headline", ct_rstr(s, "method"));
	cJSON_ArrayForEach(m, ct_rget(s, "metrics"))
		ct_dshow_cmp(out, ct_rstr(m, "label"), m);
}
