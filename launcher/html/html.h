/*
 * html.h -- `coldtrace report --html`: what the pages' files share
 * (private to html/).
 *
 * A page is one file: its CSS and script come from page.css and page.js
 * (series.css and series.js added for a series; compiled in at build
 * time), its data from the record and the report's sections
 * (report/load.h), or from series.json (series/load.h).  The markup --
 * header, timeline bars, strip plots, tables -- is written here in C, so
 * the page reads without scripts; the script only adds hover details,
 * zoom, search and sorting, reading the JSON block the page embeds.
 * Never: a byte of a record or series.json written into the page without
 * going through html_out.c.
 */
#ifndef CT_HTML_H
#define CT_HTML_H

#include <stdint.h>
#include <stdio.h>
#include <cjson/cJSON.h>

#include "lib/map.h"
#include "report/load.h"

/* launcher/html/NAME.EXT as ct_html_NAME_EXT, NUL-terminated
 * (build/gen/html_assets.c, made by the Makefile). */
extern const char ct_html_page_css[];
extern const char ct_html_page_js[];
extern const char ct_html_series_css[];
extern const char ct_html_series_js[];

/* html.c: the page of the run run names (NULL: the newest) into file
 * (NULL: RUN_DIR/report.html), its path in path; 0, 2 or 125 after one
 * message. */
int ct_html_run(const char *run, const char *file, char *path, size_t n);

/* The timeline bars' details (html_bars.c): what the data block's
 * "bars", "strs" and "keys" are made of. */
struct ct_bars {
	cJSON *list;            /* per bar, by its data-i: [kind, pid, value...] */
	cJSON *strs;            /* the strings the values index, each once */
	struct ct_map idx;      /* a string of strs -> its index + 1 */
	int64_t base;           /* the times "+k" count from: the first one written */
	int based;
	int rows;               /* an import's numbers are in the imports table's rows */
	int drawn;              /* the details' index the next bar drawn has unless it says */
};
void ct_html_bars_init(struct ct_bars *b, int rows);
/* keys (per kind the fields of a bar's values), base_ns, strs and bars
 * into data, by reference: b outlives data. */
void ct_html_bars_add(cJSON *data, const struct ct_bars *b);
void ct_html_bars_free(struct ct_bars *b);

/* What the page's writers share. */
struct ct_page {
	FILE *out;
	const struct ct_rctx *c;
	cJSON *report;          /* ct_report_sections(): overview, time, cuda, filesystem */
	struct ct_bars *bars;   /* details of every timeline bar, by its data-i */
	uint64_t t0, t1;        /* the timeline's scale: where its 0% and 100% fall */
	const char *idp;        /* prefix of the process blocks' ids ("p-" on the run page) */
};

/* html.c: the frame of a page -- its head (the Content-Security-Policy
 * that forbids any resource outside the page, "coldtrace: TITLE",
 * page.css and the page's own css, if any) up to <body>, and its tail
 * (the data block the script reads, id ct-data, then the script js:
 * ct_html_page_js, or the page's own).  ct_html_close deletes data. */
void ct_html_open(FILE *out, const char *title, const char *css);
void ct_html_close(FILE *out, cJSON *data, const char *js);
/* write(out, arg) into FILE.tmp.<pid>, renamed over file, so a reader
 * never sees half a page: 0, or CT_STATUS_TOOL after one line. */
int ct_html_file(const char *file, void (*write)(FILE *out, void *arg), void *arg);

/* html_out.c: escaping.  Text and attribute values: & < > " ' as
 * references, control characters as their Unicode pictures (U+2400...),
 * bytes that are not UTF-8 as U+FFFD. */
void ct_html_text(FILE *out, const char *s);
void ct_html_textn(FILE *out, const char *s, size_t n);
/* JSON for a <script type="application/json"> block: < > & as \u003c...,
 * so no string in it can close the block; invalid UTF-8 as U+FFFD. */
void ct_html_json(FILE *out, const cJSON *j);
/* "<td class=n data-v=V>TEXT": a number cell sorted by its value (no
 * data-v when TEXT starts with V; no end tag: the next cell closes it). */
void ct_html_num_td(FILE *out, int64_t v, const char *text);
/* The same with class cls (NULL: none, where the page's CSS aligns the
 * table's number columns): a number, ns as ms, bytes as a size. */
void ct_html_num_cell(FILE *out, const char *cls, int64_t v, const char *text);
void ct_html_ms_cell(FILE *out, const char *cls, int64_t ns);
void ct_html_size_cell(FILE *out, const char *cls, int64_t bytes);
void ct_html_size_td(FILE *out, int64_t bytes);
void ct_html_str_td(FILE *out, const char *s);   /* NULL: an empty cell */
/* A path as text, one longer than HEAD + TAIL cut in the middle: its first
 * CT_HTML_PATH_HEAD bytes, "…", its last CT_HTML_PATH_TAIL bytes or its
 * whole last component when longer (never inside a UTF-8 character), in a
 * <span title=PATH> that shows it whole on hover. */
#define CT_HTML_PATH_HEAD 20
#define CT_HTML_PATH_TAIL 40
void ct_html_path(FILE *out, const char *path);
void ct_html_pid_td(FILE *out, const cJSON *proc);       /* proc's pid */
/* A filter box and <table class=sortable id=ID><thead>: cols are markup. */
void ct_html_table_head(FILE *out, const char *id, const char *const *cols, size_t n);
/* A class-name word from a record value ("source", "dlopen"), else "other". */
void ct_html_token(FILE *out, const char *s);
/* A relative URL path in an attribute: every byte but [A-Za-z0-9._~/-]
 * percent-encoded. */
void ct_html_url(FILE *out, const char *s);
/* "<tr><th>KEY</th><td>VAL</td></tr>" of a key-value table. */
void ct_html_kv(FILE *out, const char *key, const char *val);

/* Sections of the page, in order. */
void ct_html_head(struct ct_page *pg);          /* html_head.c: command, answers */
void ct_html_time(struct ct_page *pg);          /* html_head.c: the stacked bar */
void ct_html_timeline(struct ct_page *pg);      /* html_timeline.c */
void ct_html_libs(struct ct_page *pg);          /* html_tables.c */
void ct_html_imports(struct ct_page *pg);       /* html_imports.c */
void ct_html_fs(struct ct_page *pg);            /* html_imports.c */

/* html_timeline.c: the parts of ct_html_timeline(), for a page with the
 * timelines of several runs.  range: pg->t0, t1 from the first start to
 * the last end of pg->c's images; open: the controls, the legend, the
 * scrolling box and its axis; images: a block per image of pg->c on the
 * scale pg->t0..t1 (bars past t1 are cut there); close: the box, the
 * hover box. */
void ct_html_tl_range(struct ct_page *pg);
void ct_html_tl_open(FILE *out);
void ct_html_tl_images(struct ct_page *pg);
void ct_html_tl_close(FILE *out);

/* The page of a series (html_series.c). */
#define CT_HTML_GROUPS 3        /* cold, warm, asis: series.json's groups */
struct ct_spage {
	FILE *out;
	const cJSON *ser;       /* series.json */
	cJSON *rep;             /* ct_series_sections(): overview, metrics, imports, ... */
	const char *dir;        /* the series directory */
	const char *cmd;        /* its command, one shell line */
	const char *group[CT_HTML_GROUPS];      /* the groups that have runs, in that order */
	size_t ngroup;
	/* Per group: the run with the median wall time, and the link to its
	 * page ("" when it has none). */
	const cJSON *med[CT_HTML_GROUPS];
	char href[CT_HTML_GROUPS][4200];
};
/* SERIES_DIR or series.json arg into file (NULL: SERIES_DIR/report.html);
 * 0, 2 or 125 after one message. */
int ct_html_series(const char *arg, const char *file, char *path, size_t n);
/* A number of series.json within the range a record's are trusted in
 * (|v| <= CT_RMAX): 1 and *v, else 0. */
int ct_html_snum(const cJSON *o, const char *key, double *v);
/* v as the page shows metric m (ms, sizes, counts); sign: "+" before a
 * positive v.  A negative v always has its "−". */
char *ct_html_sfmt(char *buf, size_t n, const char *m, double v, int sign);
void ct_html_metrics(struct ct_spage *sp);      /* html_strip.c: plots and table */
void ct_html_runs(struct ct_spage *sp);         /* html_series_tables.c */
void ct_html_simports(struct ct_spage *sp);     /* html_series_tables.c */

#endif
