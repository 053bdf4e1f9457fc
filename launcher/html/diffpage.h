/*
 * diffpage.h -- the html stage's public side for `coldtrace diff --html`
 * (html_diff.c): the page of a diff, rendered from the diff's own JSON, so
 * that the page, the text and --json say the same.
 */
#ifndef CT_HTML_DIFFPAGE_H
#define CT_HTML_DIFFPAGE_H

#include <cjson/cJSON.h>

#include "report/load.h"

/* The page of doc (the diff's JSON, coldtrace.diff.v1, with its gates)
 * written to file; a and b are the runs whose timelines it draws, one
 * above the other on one time scale.  0; 2 after one line when file
 * cannot be a page (its directory is missing or not writable, or it is a
 * directory), nothing written; 125 after one line when writing failed. */
int ct_html_diff_write(const cJSON *doc, const struct ct_rctx *a, const struct ct_rctx *b,
		       const char *file);

#endif
