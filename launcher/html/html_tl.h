/*
 * html_tl.h -- what the timeline's files share (html_timeline.c draws
 * the lanes, html_phases.c unfolds a dlopen bar); private to them.
 * Never: a bar placed outside its call's own times.
 */
#ifndef CT_HTML_TL_H
#define CT_HTML_TL_H

#include "html.h"

#define CT_ROW_PX 16

/* An import of the image being drawn. */
struct ct_timp {
	const cJSON *o;
	int64_t id, tid, start, end;
	int depth;
	const char *by;         /* the parent import's module, NULL at top level */
	int row, by_row;        /* its row of the imports table, its parent's (-1: none) */
};

/* html_ready.c: the "ready" lane under the axis (ct-launch --ready). */
void ct_html_tl_ready(struct ct_page *pg);

struct ct_tl {
	struct ct_page *pg;
	const cJSON *proc;
	size_t img;
	struct ct_timp *imp;
	size_t nimp;
	int64_t main_tid, end;  /* the image's first thread; its end */
};

/* html_bars.c: a bar's details (kind, pid, the fields of its record
 * object the hover box shows; of an import m, who asked for it and, on a
 * page with the imports table, the rows that hold the rest) appended to
 * pg->bars: its index, the bar's data-i. */
int ct_bar_detail(struct ct_page *pg, const char *kind, int pid, const cJSON *o,
		  const struct ct_timp *m);
/* <div class="b CLS k-SUB" ...data-i=I>TEXT</div> from start to end, at row. */
void ct_bar(struct ct_tl *t, const char *cls, const char *sub, int64_t start, int64_t end,
	    int row, int i, const char *text);

/* html_phases.c: rows a dlopen's unfolding takes below its bar (2 with
 * phases, else 0), and those rows drawn: the phases at row + 1, each
 * object's initialisers at row + 2. */
int ct_tl_phase_rows(const cJSON *dl);
/* The rows the calls a dlopen runs inside take above it (nested dlopens). */
int ct_tl_dl_row(const struct ct_tl *t, const cJSON *dl);
void ct_tl_phases(struct ct_tl *t, const cJSON *dl, int row);

#endif
