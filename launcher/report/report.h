/*
 * report.h -- `coldtrace report`: what the report's section files share
 * (private to report/; other stages use load.h).
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

#include "lib/json.h"
#include "lib/map.h"
#include "load.h"

/* report_util.c: arithmetic and text on record values. */
void ct_radd(int64_t *acc, int64_t v);                   /* *acc += v (v > 0), saturating */
/* The top n keys of a count map (lib/map.h) as [{key: count}] pairs (key name given). */
cJSON *ct_rmap_top(const struct ct_map *m, const char *keyname, int n);

/* A one-image section (ct_rshown): {"images": [image(c, i) of each],
 * "method": method (when not NULL)}; image returns NULL for an image the
 * section says nothing of. */
cJSON *ct_rsec_images(const struct ct_rctx *c, cJSON *(*image)(const struct ct_rctx *c, size_t i),
		      const char *method);

/* Sections: builder (record -> JSON) and printer (JSON -> text). */
cJSON *ct_rsec_overview(const struct ct_rctx *c);
void ct_rshow_overview(FILE *out, const cJSON *s, const struct ct_rctx *c);
/* report_ready.c: times to first output and to ready (ct-launch --ready). */
cJSON *ct_rsec_ready(const cJSON *rec);
void ct_rshow_ready(FILE *out, const cJSON *r);
void ct_rtime_ready(cJSON *img, const cJSON *proc);
void ct_rshow_time_ready(FILE *out, const cJSON *img);
cJSON *ct_rsec_time(const struct ct_rctx *c);
void ct_rshow_time(FILE *out, const cJSON *s, const struct ct_rctx *c);
cJSON *ct_rsec_imports(const struct ct_rctx *c);
void ct_rshow_imports(FILE *out, const cJSON *s, const struct ct_rctx *c);
cJSON *ct_rsec_libs(const struct ct_rctx *c);
void ct_rshow_libs(FILE *out, const cJSON *s, const struct ct_rctx *c);
cJSON *ct_rsec_native(const struct ct_rctx *c);
void ct_rshow_native(FILE *out, const cJSON *s, const struct ct_rctx *c);
cJSON *ct_rsec_cuda(const struct ct_rctx *c);
void ct_rshow_cuda(FILE *out, const cJSON *s, const struct ct_rctx *c);
cJSON *ct_rsec_fs(const struct ct_rctx *c);
void ct_rshow_fs(FILE *out, const cJSON *s, const struct ct_rctx *c);
cJSON *ct_rsec_tree(const struct ct_rctx *c);
cJSON *ct_rsec_wait(const struct ct_rctx *c);
void ct_rshow_wait(FILE *out, const cJSON *s, const struct ct_rctx *c);
/* report_wait_words.c: the Waiting section's sentences from its thread rows */
cJSON *ct_rwait_summary(const cJSON *rows, int64_t unseen);
void ct_rshow_tree(FILE *out, const cJSON *s, const struct ct_rctx *c);

/* report_export.c: the time, imports and libraries tables of the report's
 * JSON (ct_report_sections) as Markdown or CSV. */
void ct_report_markdown(FILE *out, const cJSON *doc);
void ct_report_csv(FILE *out, const cJSON *doc);

#endif
