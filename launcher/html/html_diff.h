/*
 * html_diff.h -- what the diff page's files share (private to html/):
 * its tables, each made from one section of the diff's JSON
 * (coldtrace.diff.v1, docs/diff.md), never from the records.
 *
 * Lists of added and removed items are shown whole (the JSON has them
 * whole); lists of changes are the top N the JSON holds.  A compared
 * number ({"unit", "a", "b", "change", "rel", "interval", "significant",
 * "note"}) is shown with the words of its note, so the page calls
 * significant exactly what the text and --json do.
 */
#ifndef CT_HTML_DIFF_H
#define CT_HTML_DIFF_H

#include "html.h"

/* html_dlist.c: a column of a list's table: its heading (markup), the
 * dotted key of each row's value ("a.realpath"), how a value shows (a
 * compared number as "A -> B (change)"; any {"a", "b"} pair of words
 * as "a -> b"; true and false as yes and no). */
enum ct_hdkind { CT_HD_TEXT, CT_HD_PATH, CT_HD_BYTES, CT_HD_CMP };
struct ct_hdcol {
	const char *head;
	const char *key;
	enum ct_hdkind kind;
};
/* <h3>title (N)</h3> and arr as a table (id), one row per item; when arr
 * is empty, one line "title: none" and no table.  title NULL: no heading. */
void ct_hdiff_list(FILE *out, const char *title, const char *id, const cJSON *arr,
		   const struct ct_hdcol *cols, size_t ncol);
/* The same for a list of compared numbers, each named by its key_name
 * (the column's heading: head). */
void ct_hdiff_changes(FILE *out, const char *title, const char *id, const cJSON *arr,
		      const char *key_name, const char *head);
/* The cells of one compared number: A, B, change, relative, 95% interval,
 * verdict; and "A -> B (change)" in one cell sorted by the change. */
void ct_hdiff_cmp_tds(FILE *out, const cJSON *cmp);
/* s, or "-" for a value the JSON does not have. */
const char *ct_hdiff_or(const char *s);
void ct_hdiff_cmp_td(FILE *out, const cJSON *cmp);
extern const char *const ct_hdiff_cmp_cols[6];

/* html_dsections.c: the gates and the headline (what the page shows
 * first), then one <section> per other section of the diff, in the
 * text's order. */
void ct_hdiff_gates(FILE *out, const cJSON *doc);
void ct_hdiff_headline(FILE *out, const cJSON *doc);
void ct_hdiff_sections(FILE *out, const cJSON *doc);

#endif
