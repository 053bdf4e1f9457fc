/*
 * diff.h -- `coldtrace diff A B`: what diff/'s files share (private).
 *
 * Each side is a list of run records and a label: one record for a run
 * directory or a record.json, every numbered run of a series directory.
 * Sets (libraries, imports, files, verdict) are compared exactly, over the
 * union of a side's runs; a number is a per-run figure, compared by
 * ct_dcompare() as far as the noise allows.  Like the report, each section
 * builds JSON and its printer renders that JSON: text and --json cannot
 * disagree.  Records are the only input; nothing here opens an event log.
 */
#ifndef CT_DIFF_H
#define CT_DIFF_H

#include <stddef.h>
#include <stdio.h>
#include <cjson/cJSON.h>

#include "lib/map.h"
#include "report/cols.h"
#include "report/load.h"

#define CT_DIFF_SCHEMA "coldtrace.diff.v1"

struct ct_dopts {
	int top;            /* rows per list (--top N) */
	int json;
	int markdown, csv;  /* --markdown, --csv: the headline table (diff_export.c) */
	int html;           /* --html: the page instead of the text */
	const char *page;   /* -o FILE: where (NULL: B's directory, diff.html) */
	double min_rel;     /* --min-change: smallest relative change called significant */
	double rss_min_kb;  /* smallest resident-size change of a library listed */
	char **gates;       /* --fail-if expressions, as given */
	size_t ngates;
};

/* One side: a run, a record.json, or a series (its runs by group --
 * cold, warm, asis, as series.json names them -- then in order). */
struct ct_dside {
	const char *arg;
	int series;
	struct ct_rctx *run;
	const char **group;         /* per run: "cold", "warm", "asis" or NULL (no series.json) */
	size_t n;
};

/* Runs off .. off+n-1 of a side: the ones a number is compared on. */
struct ct_drange {
	size_t off, n;
};

struct ct_dctx {
	struct ct_dside s[2];       /* A, B */
	const struct ct_dopts *o;
	/* What the numbers outside the headline compare (diff_groups.c):
	 * the warm group when both sides have one, else every run. */
	struct ct_drange cmp[2];
	const char *cmp_group;      /* that group's name, NULL for every run */
};

/* diff_load.c: 0, or 2 after one "coldtrace: ..." line. */
int ct_diff_load(struct ct_dside *s, const char *arg);
void ct_diff_free(struct ct_dside *s);
/* The run whose wall time is the side's median (the lower middle one
 * for an even count; runs without a wall time are left out, the first
 * run when none has one): the run a side's timeline shows. */
size_t ct_diff_median(const struct ct_dside *s);

/* diff_groups.c: which runs compare with which.  Group by group (cold
 * with cold, warm with warm) when either side is a series with cold and
 * warm runs; else one pair of every run, group NULL. */
struct ct_dpair {
	const char *group;
	struct ct_drange r[2];
};
#define CT_DMAX_PAIRS 3
/* The pairs (at most CT_DMAX_PAIRS) into p, their count; a group only
 * one side has is a line in warnings (NULL: not said). */
size_t ct_dpairs(const struct ct_dctx *c, struct ct_dpair *p, cJSON *warnings);
/* Sets c->cmp and c->cmp_group from the pairs. */
void ct_dpairs_pick(struct ct_dctx *c);

/* diff_stats.c: a number per run on each side, compared.  NAN: unknown. */
struct ct_dcmp {
	double a, b;        /* medians of the known values; NAN when none */
	double change;      /* b - a (two single values) or the Hodges-Lehmann shift */
	double lo, hi;      /* 95% interval of the shift; NAN when not computed */
	double rel;         /* change / a; NAN when a is 0 or unknown */
	int significant;
	const char *note;   /* why it is, or is not, called significant */
};
/* unit ("ns", "bytes", "count") chooses the noise floor a significant
 * change must also pass (docs/diff.md, "Noise floors"). */
void ct_dcompare(const double *a, size_t na, const double *b, size_t nb, double min_rel,
		 const char *unit, struct ct_dcmp *out);
/* The same on the runs of c->cmp: a and b hold a figure per run of a side. */
void ct_dcompare_c(const struct ct_dctx *c, const double *a, const double *b, const char *unit,
		   struct ct_dcmp *out);
/* Not significant after all when |change| is under floor (base unit). */
void ct_dfloor(struct ct_dcmp *c, double floor, const char *why);
/* {"unit", "a", "b", "change", "rel", "interval", "significant", "note"} */
cJSON *ct_dcmp_json(const struct ct_dcmp *c, const char *unit);
#define CT_DIFF_METHOD "Hodges-Lehmann shift, 95% interval by Mann-Whitney (exact)"

/* diff_speed.c: "B is 1.62 ± 0.08 × faster than A (wall, warm)" from the
 * wall times of one pair (NAN: unknown) and their comparison:
 * {"group", "a_mean", "a_sd", "b_mean", "b_sd", "faster", "ratio",
 * "ratio_sd", "significant", "text"}. */
cJSON *ct_dspeed(const double *a, size_t na, const double *b, size_t nb, const char *group,
		 const struct ct_dcmp *cmp);
void ct_dshow_speed(FILE *out, const cJSON *arr);

/* diff_keys.c: per key, its first record item and a number per run. */
struct ct_dent {
	const cJSON *item;      /* first occurrence */
	double *v;              /* one per run; NAN where the key is absent */
	char key[];
};
struct ct_dkeys {
	struct ct_map m;
	struct ct_dent **all;   /* in order of first appearance */
	size_t n, cap, nrun;
};
/* Adds v to key's figure of run irun (the first item is kept).  NULL: no memory. */
struct ct_dent *ct_dkeys_add(struct ct_dkeys *k, const char *key, const cJSON *item,
			     size_t irun, double v);
struct ct_dent *ct_dkeys_get(const struct ct_dkeys *k, const char *key);
void ct_dkeys_free(struct ct_dkeys *k);
/* Callback filling a side's table from one image of run irun; arg: the
 * figure to take (a record key), as ct_dkeys_build() was given it. */
typedef void (*ct_dkeys_fill)(struct ct_dkeys *k, const cJSON *proc, size_t irun,
			      const char *arg);
/* Both sides' tables: k[0] for A, k[1] for B. */
void ct_dkeys_build(const struct ct_dctx *c, struct ct_dkeys k[2], ct_dkeys_fill fill,
		    const char *arg);
void ct_dkeys_free2(struct ct_dkeys k[2]);
/* Keys of `in` missing from `out`, each as made by row(). */
cJSON *ct_dkeys_only(const struct ct_dkeys *in, const struct ct_dkeys *out,
		     cJSON *(*row)(const struct ct_dent *e));
/* Keys in both whose figures differ, largest |change| first, top N:
 * {key_name: key, ...ct_dcmp_json}.  min_abs: smaller changes are left out. */
cJSON *ct_dkeys_changes(const struct ct_dctx *c, const struct ct_dkeys k[2],
			const char *key_name, const char *unit, double min_abs);
/* Keys whose median figure is larger in B (0 where A lacks the key):
 * [{key_name: key, "a", "b"}], in B's order. */
cJSON *ct_dkeys_grown(const struct ct_dkeys k[2], const char *key_name);
/* {"a": count, "b": count} of keys. */
cJSON *ct_dkeys_counts(const struct ct_dkeys k[2]);
/* Both sides' tables built (as ct_dkeys_build) and a section begun with
 * them: {"count": ct_dkeys_counts, "added", "removed": each key as row()
 * makes it}. */
cJSON *ct_dkeys_section(const struct ct_dctx *c, struct ct_dkeys k[2], ct_dkeys_fill fill,
			const char *arg, cJSON *(*row)(const struct ct_dent *e));

/* diff_imports.c: the compared column of cols_imports.c whose
 * ct_col_dkey is figure ("self", "cumulative"), NULL when none. */
const struct ct_col *ct_dimport_col(const char *figure);
/* One module's figure (a compared column's ct_col_dkey: one that
 * ct_dimport_col finds) compared: 0, or
 * 1 when A lacks the module, 2 when B does, 3 when both do. */
int ct_dimport_cmp(const struct ct_dctx *c, const char *module, const char *figure,
		   struct ct_dcmp *out);

/* diff_util.c */
double ct_dnum(const cJSON *o, const char *key);          /* NAN unless a number */
void ct_dadd_num(cJSON *o, const char *k, double v);    /* NAN -> null */
cJSON *ct_dstr(const char *s);                            /* NULL -> null */
int ct_dstreq(const char *a, const char *b);              /* NULL-safe */
cJSON *ct_dpair(const char *a, const char *b);            /* {"a", "b"} strings or null */
/* The number at a dotted path ("proc.status.RssAnon_kb"); NAN unless one. */
double ct_dpath(const cJSON *o, const char *dotted);

/* Sections: builder (two sides -> JSON) and printer (that JSON -> text). */
cJSON *ct_dsec_headline(const struct ct_dctx *c);
void ct_dshow_headline(FILE *out, const cJSON *s);
cJSON *ct_dsec_libs(const struct ct_dctx *c);
void ct_dshow_libs(FILE *out, const cJSON *s);
cJSON *ct_dsec_imports(const struct ct_dctx *c);
void ct_dshow_imports(FILE *out, const cJSON *s);
cJSON *ct_dsec_fs(const struct ct_dctx *c);
void ct_dshow_fs(FILE *out, const cJSON *s);
cJSON *ct_dsec_procs(const struct ct_dctx *c);
void ct_dshow_procs(FILE *out, const cJSON *s);
cJSON *ct_dsec_cuda(const struct ct_dctx *c);
void ct_dshow_cuda(FILE *out, const cJSON *s);
cJSON *ct_dsec_context(const struct ct_dctx *c);
void ct_dshow_context(FILE *out, const cJSON *s);
/* The summary is made from the other sections' JSON (doc), not the records. */
cJSON *ct_dsec_summary(const cJSON *doc);
void ct_dshow_summary(FILE *out, const cJSON *s);

/* diff_show.c: shared printing.  Lists show at most top rows. */
void ct_dshow_set_top(int top);
/* The label column of the ct_dshow_cmp() lines that follow: as wide as
 * the longest arr[i][key], within what the terminal leaves the numbers. */
void ct_dshow_set_label_width(const cJSON *arr, const char *key);
void ct_dshow_cmp(FILE *out, const char *label, const cJSON *cmp);
/* Both return the number of items (0: nothing printed). */
int ct_dshow_list(FILE *out, const char *title, const cJSON *arr,
		  void (*row)(FILE *out, const cJSON *item));
int ct_dshow_changes(FILE *out, const char *title, const cJSON *arr, const char *key_name);
/* "no differences" when a section showed nothing. */
void ct_dshow_none(FILE *out, int shown);

/* diff_export.c: the headline's numbers as a Markdown or CSV table. */
void ct_diff_markdown(FILE *out, const cJSON *doc);
void ct_diff_csv(FILE *out, const cJSON *doc);

/* diff_gate.c: --fail-if.  Parse: 0, or 2 after one line.  Check (on
 * the document with its summary): the gates' JSON array, *failed set when
 * one failed; NULL and *failed = -1 after one line for a gate naming what
 * neither side has. */
int ct_dgate_parse(const char *expr);
cJSON *ct_dgate_check(const struct ct_dctx *c, const cJSON *doc, int *failed);
void ct_dshow_gates(FILE *out, const cJSON *s);

#endif
