/*
 * cols.h -- the column tables: one row per column of a view, read by
 * every reader that shows the view (the text report, --json, the page,
 * --markdown/--csv), so that a new column is one row (cols_imports.c)
 * plus its merge and its doc line.  Section titles of report, page and
 * diff: ct_sections.
 */
#ifndef CT_COLS_H
#define CT_COLS_H

#include <stddef.h>
#include <stdint.h>
#include <cjson/cJSON.h>

enum ct_cunit { CT_CU_NS, CT_CU_COUNT, CT_CU_BYTES, CT_CU_TEXT, CT_CU_BOOL };
/* The views a column may be in; a row's at[view] is its place there
 * (1 first), 0 when the view leaves it out. */
enum ct_cview { CT_CV_TEXT, CT_CV_PAGE, CT_CV_EXPORT, CT_CV_N };

struct ct_col {
	const char *id;         /* its --json key (NULL: page only) */
	const char *header;     /* text report header */
	const char *page;       /* page header */
	enum ct_cunit unit;
	const char *key;        /* record key, dotted, under the row's object */
	const char *failed;     /* record key of the failures among it (the page's "N (F failed)") */
	int width;              /* text report width */
	int64_t (*read)(const cJSON *row, const struct ct_col *c); /* NULL: ct_col_int */
	int opt;                /* below 0 is unknown: null in --json, "-" in text */
	signed char at[CT_CV_N];
};

struct ct_coltab {
	const struct ct_col *cols;
	size_t n;
};

/* cols_imports.c: the imports view (one row per imports[] entry). */
extern const struct ct_coltab ct_cols_imports;

/* cols.c */
int64_t ct_col_num(const cJSON *row, const char *key);        /* at a dotted key, -1 if none */
const char *ct_col_str(const cJSON *row, const char *key);    /* NULL unless a string */
int64_t ct_col_int(const cJSON *row, const struct ct_col *c);  /* the number at c's key */
int64_t ct_col_value(const cJSON *row, const struct ct_col *c); /* through read */
/* The column at place `at` (1 first) of view v; NULL past the last. */
const struct ct_col *ct_col_at(const struct ct_coltab *t, enum ct_cview v, int at);
/* A number or text column of row (a record object) as its --json value. */
cJSON *ct_col_json(const cJSON *row, const struct ct_col *c);
/* The place-ordered column ids of view v after the first `skip` of
 * ids[] (a NULL-ended array of n). */
void ct_col_ids(const struct ct_coltab *t, enum ct_cview v, const char **ids, size_t n,
		size_t skip);
/* A --json row's column c as text of the text report (n >= 32). */
void ct_col_text(char *buf, size_t n, const cJSON *jrow, const struct ct_col *c);

/* One section of the report, the page and the diff. */
struct ct_section {
	const char *key;        /* its --json key, the <section>'s id */
	const char *report, *page;      /* the text report's title, the page's */
	const char *diff, *diff_page;   /* the diff's title, its page's */
};
/* key's section (NULL when none). */
const struct ct_section *ct_section(const char *key);

#endif
