/*
 * report.h -- `coldtrace report`: what the report's section files share.
 *
 * A report is built in two steps: each section turns the record into a
 * cJSON object -- that is what --json prints -- and its printer renders
 * that same object for a human.  So the text and the JSON can never
 * disagree.  record.json is the only input (the merger interprets the
 * event logs): a run whose .ctlog files are gone reports the same.  The
 * record is only read: nothing here writes into the run directory.
 */
#ifndef CT_REPORT_H
#define CT_REPORT_H

#include <stdint.h>
#include <stdio.h>
#include <cjson/cJSON.h>

#include "lib/map.h"

#define CT_REPORT_SCHEMA "coldtrace.report.v1"

struct ct_ropts {
	int top;        /* rows per list (--top N) */
	int pid;        /* --pid PID, 0: every process */
	int libs;       /* --libs: every library */
	int json;
	int brief;      /* the short form ct-launch prints */
};

/* One process image (one processes[] entry). */
struct ct_rimage {
	const cJSON *proc;
	int pid;
};

struct ct_rctx {
	char dir[4096];         /* run directory */
	char path[4200];        /* the record.json read */
	cJSON *rec;
	const struct ct_ropts *o;
	struct ct_rimage *img;  /* every image, in record order */
	size_t nimg;
	size_t main;            /* the image with the most imports (then libraries) */
};

/* report_load.c: 0, or 2 after one "coldtrace: ..." line. */
int ct_report_load(struct ct_rctx *c, const char *arg);
void ct_report_free(struct ct_rctx *c);

/* Images a per-process section covers: --pid's, else all. */
int ct_rfocus(const struct ct_rctx *c, size_t i);

/* report_util.c: reading the record without trusting its shape. */
const cJSON *ct_rget(const cJSON *o, const char *key);
const char *ct_rstr(const cJSON *o, const char *key);   /* NULL unless a string */
/* Numbers are trusted up to CT_RMAX (2^60: ns of 36 years): sums and
 * products of them saturate there, so no arithmetic on a record overflows. */
#define CT_RMAX ((int64_t)1 << 60)
int64_t ct_rint(const cJSON *o, const char *key);        /* -1 unless a number in range */
int64_t ct_rscaled(const cJSON *o, const char *key, int64_t k); /* value * k, -1 if < 0 */
void ct_radd(int64_t *acc, int64_t v);                   /* *acc += v (v > 0), saturating */
const char *ct_rimage_name(const cJSON *proc);           /* basename of argv[0] or exe */
int ct_rjoin_argv(const cJSON *argv, char *buf, size_t n);
int ct_radd_num(cJSON *o, const char *key, double v);
/* The top n keys of a count map (lib/map.h) as [{key: count}] pairs (key name given). */
cJSON *ct_rmap_top(const struct ct_map *m, const char *keyname, int n);

/* Sections: builder (record -> JSON) and printer (JSON -> text). */
cJSON *ct_rsec_overview(const struct ct_rctx *c);
void ct_rshow_overview(FILE *out, const cJSON *s, const struct ct_rctx *c);
cJSON *ct_rsec_time(const struct ct_rctx *c);
void ct_rshow_time(FILE *out, const cJSON *s, const struct ct_rctx *c);
cJSON *ct_rsec_imports(const struct ct_rctx *c);
void ct_rshow_imports(FILE *out, const cJSON *s, const struct ct_rctx *c);
cJSON *ct_rsec_libs(const struct ct_rctx *c);
void ct_rshow_libs(FILE *out, const cJSON *s, const struct ct_rctx *c);
cJSON *ct_rsec_cuda(const struct ct_rctx *c);
void ct_rshow_cuda(FILE *out, const cJSON *s, const struct ct_rctx *c);
cJSON *ct_rsec_fs(const struct ct_rctx *c);
void ct_rshow_fs(FILE *out, const cJSON *s, const struct ct_rctx *c);
cJSON *ct_rsec_tree(const struct ct_rctx *c);
void ct_rshow_tree(FILE *out, const cJSON *s, const struct ct_rctx *c);

/* The short form: overview, time split, top imports, libraries, CUDA.
 * 0, or 2 when the run cannot be read (one line on stderr). */
int ct_report_short(const char *rundir, FILE *out);

#endif
