/*
 * html.h -- `coldtrace report --html`: what the page's files share
 * (private to html/).
 *
 * The page is one file: its CSS and script come from page.css and page.js
 * (compiled in at build time), its data from the record and the report's
 * sections (report/load.h).  The markup -- header, timeline bars, tables
 * -- is written here in C, so the page reads without scripts; the script
 * only adds hover details, zoom, search and sorting, reading the JSON
 * block the page embeds.  Never: a byte of the record written into the
 * page without going through html_out.c.
 */
#ifndef CT_HTML_H
#define CT_HTML_H

#include <stdint.h>
#include <stdio.h>
#include <cjson/cJSON.h>

#include "report/load.h"

/* page.css and page.js, NUL-terminated (build/gen/html_assets.c, made
 * from launcher/html/page.* by the Makefile). */
extern const char ct_html_css[];
extern const char ct_html_js[];

/* What the page's writers share. */
struct ct_page {
	FILE *out;
	const struct ct_rctx *c;
	cJSON *report;          /* ct_report_sections(): overview, time, cuda, filesystem */
	cJSON *bars;            /* details of every timeline bar, by its data-i */
	uint64_t t0, t1;        /* the timeline's scale: where its 0% and 100% fall */
	const char *idp;        /* prefix of the process blocks' ids ("p-" on the run page) */
};

/* html.c: the frame of a page -- its head (the Content-Security-Policy
 * that forbids any resource outside the page, "coldtrace: TITLE",
 * page.css) up to <body>, and its tail (the data block the script reads,
 * id ct-data, then page.js). */
void ct_html_open(FILE *out, const char *title);
void ct_html_close(FILE *out, const cJSON *data);
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
/* "<td class=n data-v=V>TEXT</td>": a number cell sorted by its value. */
void ct_html_num_td(FILE *out, int64_t v, const char *text);
void ct_html_ms_td(FILE *out, int64_t ns);
void ct_html_size_td(FILE *out, int64_t bytes);
void ct_html_str_td(FILE *out, const char *s);   /* NULL: an empty cell */
void ct_html_pid_td(FILE *out, const cJSON *proc);       /* proc's pid */
/* A filter box and <table class=sortable id=ID><thead>: cols are markup. */
void ct_html_table_head(FILE *out, const char *id, const char *const *cols, size_t n);
/* A class-name word from a record value ("source", "dlopen"), else "other". */
void ct_html_token(FILE *out, const char *s);

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

#endif
