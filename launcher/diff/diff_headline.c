/*
 * diff_headline.c -- the numbers first: wall, CPU, first output, time to
 * ready (ct-launch --ready), memory,
 * faults, storage reads, and each part of "where the time went" of the
 * main image (the report's split, processes[].time of the record).
 *
 * Values are in base units (ns, bytes, counts) so that every row compares
 * and gates alike.  Rows come per group pair (diff_groups.c): "wall (cold)"
 * and "wall (warm)" when a side has both groups; before them, per pair,
 * the speed ratio (diff_speed.c).  A row unknown on both sides is left out; one unknown
 * on one side stays, with null there.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lib/fmt.h"
#include "lib/json.h"
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

/* One compared row of pair p, unless neither side knows the figure;
 * its comparison in *cmp. */
static cJSON *ct_drow(const struct ct_dctx *c, const struct ct_dpair *p, const char *name,
		      const char *label, const char *unit, double *v[2], double resolution,
		      struct ct_dcmp *cmp)
{
	char lab[96];
	cJSON *o;

	ct_dcompare(v[0] + p->r[0].off, p->r[0].n, v[1] + p->r[1].off, p->r[1].n, c->o->min_rel,
		    unit, cmp);
	if (isnan(cmp->a) && isnan(cmp->b))
		return NULL;
	ct_dfloor(cmp, resolution, "not significant: below what the measure resolves");
	o = ct_dcmp_json(cmp, unit);
	cJSON_AddStringToObject(o, "metric", name);
	if (p->group)
		snprintf(lab, sizeof(lab), "%s (%s)", label, p->group);
	cJSON_AddStringToObject(o, "label", p->group ? lab : label);
	ct_add_item(o, "group", ct_dstr(p->group));
	return o;
}

/* Each metric of one side's runs into v[side][run]. */
static void ct_dmetric_fill(const struct ct_dctx *c, const struct ct_dmetric *m, double *v[2])
{
	size_t side, r;

	for (side = 0; side < 2; side++)
		for (r = 0; r < c->s[side].n; r++)
			v[side][r] = ct_dmetric_value(m, &c->s[side].run[r]);
}

static void ct_dmetric_rows(const struct ct_dctx *c, const struct ct_dpair *p, cJSON *rows,
			    cJSON *speed, double *v[2])
{
	const struct ct_dmetric *m;
	struct ct_dcmp cmp;
	cJSON *row;
	size_t i;

	for (i = 0; i < CT_DNMETRICS; i++) {
		m = &ct_dmetrics[i];
		ct_dmetric_fill(c, m, v);
		row = ct_drow(c, p, m->name, m->label, m->unit, v, m->resolution, &cmp);
		if (row)
			cJSON_AddItemToArray(rows, row);
		if (row && !strcmp(m->name, "wall"))
			ct_push(speed, ct_dspeed(v[0] + p->r[0].off, p->r[0].n, v[1] + p->r[1].off,
						 p->r[1].n, p->group, &cmp));
	}
}

/* Every part name either side's main images have, in the record's order. */
static void ct_dpart_rows(const struct ct_dctx *c, const struct ct_dpair *p, cJSON *rows,
			  double *v[2])
{
	static const char *const parts[] = { "traced", "native_loading",
		"dlopen_search_map", "dlopen_relocation", "dlopen_constructors",   /* --loader */
		"python_imports", "extension_init", "filesystem", "before_imports", "after_imports",
		"program_work", "atexit", "finalization", "native_exit",   /* exit marks */
		"rest" };
	struct ct_dcmp cmp;
	char name[64];
	size_t i, side, r;
	cJSON *row;

	for (i = 0; i < sizeof(parts) / sizeof(parts[0]); i++) {
		for (side = 0; side < 2; side++)
			for (r = 0; r < c->s[side].n; r++)
				v[side][r] = ct_dpart(&c->s[side].run[r], parts[i]);
		snprintf(name, sizeof(name), "time.%s", parts[i]);
		if ((row = ct_drow(c, p, name, name, "ns", v, 0, &cmp)))
			cJSON_AddItemToArray(rows, row);
	}
}

static cJSON *ct_dgroup_json(const struct ct_dpair *p)
{
	cJSON *o = cJSON_CreateObject();

	ct_add_item(o, "group", ct_dstr(p->group));
	cJSON_AddNumberToObject(o, "a_runs", (double)p->r[0].n);
	cJSON_AddNumberToObject(o, "b_runs", (double)p->r[1].n);
	return o;
}

cJSON *ct_dsec_headline(const struct ct_dctx *c)
{
	struct ct_dpair p[CT_DMAX_PAIRS];
	cJSON *o = cJSON_CreateObject(), *groups = cJSON_AddArrayToObject(o, "groups");
	cJSON *warn = cJSON_AddArrayToObject(o, "warnings"), *speed, *rows;
	double *v[2];
	size_t n = ct_dpairs(c, p, warn), i;

	speed = cJSON_AddArrayToObject(o, "speed");
	rows = cJSON_AddArrayToObject(o, "metrics");
	v[0] = calloc(c->s[0].n + 1, sizeof(double));
	v[1] = calloc(c->s[1].n + 1, sizeof(double));
	for (i = 0; i < n; i++)
		ct_push(groups, ct_dgroup_json(&p[i]));
	for (i = 0; v[0] && v[1] && i < n; i++)
		ct_dmetric_rows(c, &p[i], rows, speed, v);
	for (i = 0; v[0] && v[1] && i < n; i++)
		ct_dpart_rows(c, &p[i], rows, v);
	free(v[0]);
	free(v[1]);
	cJSON_AddStringToObject(o, "method", c->s[0].n > 1 && c->s[1].n > 1 ? CT_DIFF_METHOD :
				"single runs: values compared, no test of noise");
	cJSON_AddNumberToObject(o, "min_change", c->o->min_rel);
	ct_add_str(o, "numbers_compare", c->cmp_group ? c->cmp_group : "all");
	return o;
}

void ct_dshow_headline(FILE *out, const cJSON *s)
{
	const cJSON *m;

	ct_fmt_heading(out, "Headline", ct_rstr(s, "method"));
	ct_dshow_set_label_width(ct_rget(s, "metrics"), "label");
	cJSON_ArrayForEach(m, ct_rget(s, "metrics"))
		ct_dshow_cmp(out, ct_rstr(m, "label"), m);
}
