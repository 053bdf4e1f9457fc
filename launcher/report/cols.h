/*
 * cols.h -- the column tables: one row per column of a view, read by
 * every reader that shows the view (the text report, --json, the page,
 * --markdown/--csv), so that a new column is one row (cols_imports.c,
 * cols_libs.c, cols_phases.c, cols_procs.c, cols_fs.c) plus its merge
 * and its doc line.  Section titles of report, page and diff:
 * ct_sections.
 */
#ifndef CT_COLS_H
#define CT_COLS_H

#include <stddef.h>
#include <stdint.h>
#include <cjson/cJSON.h>

/* CT_CU_KIB: a size in KiB, shown like bytes; CT_CU_PATH: a path, cut
 * to the text width, in the middle on the page. */
enum ct_cunit { CT_CU_NS, CT_CU_COUNT, CT_CU_BYTES, CT_CU_TEXT, CT_CU_BOOL, CT_CU_KIB,
		CT_CU_PATH };
/* The views a column may be in; a row's at[view] is its place there
 * (1 first), 0 when the view leaves it out.  CT_CV_DIFF: the imports
 * diff's compared columns (diff_imports.c; diff_fs.c compares every
 * column of cols_fs.c). */
enum ct_cview { CT_CV_TEXT, CT_CV_PAGE, CT_CV_EXPORT, CT_CV_DIFF, CT_CV_N };

struct ct_col {
	const char *id;         /* its --json key (NULL: page only) */
	const char *header;     /* text report header */
	const char *page;       /* page header */
	enum ct_cunit unit;
	const char *key;        /* record key, dotted, under the row's object (NULL: the view's sum) */
	const char *failed;     /* record key of the failures among it (the page's "N (F failed)") */
	int width;              /* text report width */
	int64_t (*read)(const cJSON *row, const struct ct_col *c); /* NULL: ct_col_int */
	int opt;                /* below 0 (text: absent) is unknown: null in --json, "-" in text */
	signed char at[CT_CV_N];
};

struct ct_coltab {
	const struct ct_col *cols;
	size_t n;
};

/* cols_imports.c: the imports view (one row per imports[] entry). */
extern const struct ct_coltab ct_cols_imports;
/* cols_libs.c: the shared objects, one row per libraries[] entry
 * (largest_resident[], all[], the page), and their groups by request
 * (groups[], --markdown/--csv), summed by report_libs.c in the
 * columns' order: */
enum ct_lgcol { CT_LG_NAMED, CT_LG_NEEDED, CT_LG_BYTES, CT_LG_RSS, CT_LG_READ, CT_LG_MAJFLT,
		CT_LG_N };
extern const struct ct_coltab ct_cols_libs, ct_cols_libgroups;
/* cols_phases.c: where the time went, one row per part of an image's
 * time (time.images[].parts[]). */
extern const struct ct_coltab ct_cols_phases;
/* cols_procs.c: the process tree's columns, one node per processes[]
 * entry (processes[] of the report), and the threads' of the Waiting
 * section (waiting.images[].threads[]). */
extern const struct ct_coltab ct_cols_procs, ct_cols_threads;
/* cols_fs.c: the file-system calls, one row per calls.<kind> of the
 * record, summed by report_fs.c and compared by diff_fs.c in the
 * columns' order: */
enum ct_fscol { CT_FS_COUNT, CT_FS_ERRORS, CT_FS_TIME, CT_FS_N };
extern const struct ct_coltab ct_cols_fs;

/* cols.c */
int64_t ct_col_num(const cJSON *row, const char *key);        /* at a dotted key, -1 if none */
const char *ct_col_str(const cJSON *row, const char *key);    /* NULL unless a string */
int64_t ct_col_int(const cJSON *row, const struct ct_col *c);  /* the number at c's key */
int64_t ct_col_value(const cJSON *row, const struct ct_col *c); /* through read */
int64_t ct_col_pos(const cJSON *row, const struct ct_col *c);  /* c's number, 0 unless above 0 */
/* A CT_CU_BYTES or CT_CU_KIB value v in bytes (-1 unknown). */
int64_t ct_col_bytes(int64_t v, const struct ct_col *c);
/* The column at place `at` (1 first) of view v; NULL past the last. */
const struct ct_col *ct_col_at(const struct ct_coltab *t, enum ct_cview v, int at);
/* A number or text column of row (a record object) as its --json value. */
cJSON *ct_col_json(const cJSON *row, const struct ct_col *c);
/* The record's value at c's key, copied (null when none). */
cJSON *ct_col_copy(const cJSON *row, const struct ct_col *c);
/* The place-ordered column ids of view v after the first `skip` of
 * ids[] (a NULL-ended array of n). */
void ct_col_ids(const struct ct_coltab *t, enum ct_cview v, const char **ids, size_t n,
		size_t skip);
/* The page headers of t after the first k of heads[n]; the new count. */
size_t ct_col_pages(const struct ct_coltab *t, const char **heads, size_t k, size_t n);
/* A --json row's column c as text of the text report (n >= 32; a
 * CT_CU_PATH is cut to c's width, n above it). */
void ct_col_text(char *buf, size_t n, const cJSON *jrow, const struct ct_col *c);
/* c's key in the diff, in buf[n]: its id, less "_ns" for a time (a
 * compared number carries its unit: "time_ns" is "time"). */
const char *ct_col_dkey(char *buf, size_t n, const struct ct_col *c);
/* c's unit as a compared number of the diff names it: "ns", "bytes" or
 * "count" (a CT_CU_KIB would want its values in bytes first). */
const char *ct_col_dunit(const struct ct_col *c);
/* The diff's title of c's largest changes, in buf[n]: "largest changes
 * of " c's page header (its id when it has none), then " time" for a
 * time. */
const char *ct_col_dtitle(char *buf, size_t n, const struct ct_col *c);

/* One section of the report, the page and the diff. */
struct ct_section {
	const char *key;        /* its --json key, the <section>'s id */
	const char *report, *page;      /* the text report's title, the page's */
	const char *diff, *diff_page;   /* the diff's title, its page's */
};
/* key's section (NULL when none). */
const struct ct_section *ct_section(const char *key);

#endif
