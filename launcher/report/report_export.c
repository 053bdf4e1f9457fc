/*
 * report_export.c -- `report --markdown` and `report --csv`: the run
 * report's tables (where the time went, the imports by self time, the
 * shared objects by request) to paste into a pull request (Markdown: a
 * "### title" line, then the table) or to load elsewhere (CSV: one file,
 * a `section` first column naming each row's table).
 *
 * Rendered from the same JSON that --json prints (ct_report_sections):
 * each cell is that JSON's value, a number as ct_json_number_text prints
 * it, so --markdown, --csv and --json hold the same numbers.  Never: a
 * cell the JSON lacks made up (an unknown is empty).
 */
#include <string.h>

#include "lib/cells.h"
#include "cols.h"
#include "report.h"

/* A table: rows top.inner[] (outer == NULL) or top.outer[].inner[]; a
 * column the row lacks is read from its outer item (an image's pid). */
#define CT_XMAXCOLS 32

struct ct_xtab {
	const char *section, *title, *top, *outer, *inner;
	const char *const *cols;   /* NULL-terminated JSON keys */
};

/* pid, part, then the phases' export columns (cols_phases.c). */
static const char *ct_xtime[CT_XMAXCOLS] = { "pid", "part", NULL };
/* pid, module, then the imports table's export columns (cols_imports.c). */
static const char *ct_ximports[CT_XMAXCOLS] = { "pid", "module", NULL };
/* pid, a group's request, caller and import, then the groups' export
 * columns (cols_libs.c). */
static const char *ct_xlibs[CT_XMAXCOLS] = { "pid", "request", "caller", "import", NULL };

static const struct ct_xtab ct_xtabs[] = {
	{ "time", "where the time went", "time", "images", "parts", ct_xtime },
	{ "imports", "imports by self time", "imports", NULL, "by_self", ct_ximports },
	{ "libraries", "shared objects by request", "libraries", "images", "groups", ct_xlibs },
};

#define CT_NXTABS (sizeof(ct_xtabs) / sizeof(ct_xtabs[0]))

/* The tables' columns that come from the column tables (cols.h). */
static void ct_xcols(void)
{
	ct_col_ids(&ct_cols_phases, CT_CV_EXPORT, ct_xtime, CT_XMAXCOLS, 2);
	ct_col_ids(&ct_cols_imports, CT_CV_EXPORT, ct_ximports, CT_XMAXCOLS, 2);
	ct_col_ids(&ct_cols_libgroups, CT_CV_EXPORT, ct_xlibs, CT_XMAXCOLS, 4);
}

static int ct_xhas(const char *const *cols, const char *key)
{
	for (; *cols; cols++)
		if (!strcmp(*cols, key))
			return 1;
	return 0;
}

/* The CSV header: every table's columns once, in table order. */
static void ct_xunion(const char **u)
{
	size_t i, n = 0;
	const char *const *c;

	u[n] = NULL;
	for (i = 0; i < CT_NXTABS; i++)
		for (c = ct_xtabs[i].cols; *c; c++)
			if (!ct_xhas(u, *c) && n + 1 < CT_XMAXCOLS) {
				u[n++] = *c;
				u[n] = NULL;
			}
}

/* One row: cols of t (Markdown) or of the union (CSV, after the section). */
static void ct_xrow(FILE *out, const char *const *cols, const struct ct_xtab *t,
		    const cJSON *outer, const cJSON *row)
{
	char cell[8192];
	const cJSON *v;
	int csv = cols != t->cols;

	if (csv)
		ct_cells_csv(out, t->section, 0);
	for (; *cols; cols++) {
		v = NULL;
		if (ct_xhas(t->cols, *cols) && !(v = ct_rget(row, *cols)))
			v = ct_rget(outer, *cols);
		ct_cells_value(cell, sizeof(cell), v);
		csv ? ct_cells_csv(out, cell, !cols[1]) : ct_cells_md(out, cell);
	}
	if (!csv)
		fputs("|\n", out);
}

static void ct_xrows(FILE *out, const char *const *cols, const struct ct_xtab *t,
		     const cJSON *doc)
{
	const cJSON *top = ct_rget(doc, t->top), *o, *r;

	if (!t->outer) {
		cJSON_ArrayForEach(r, ct_rget(top, t->inner))
			ct_xrow(out, cols, t, NULL, r);
		return;
	}
	cJSON_ArrayForEach(o, ct_rget(top, t->outer))
		cJSON_ArrayForEach(r, ct_rget(o, t->inner))
			ct_xrow(out, cols, t, o, r);
}

void ct_report_csv(FILE *out, const cJSON *doc)
{
	const char *u[CT_XMAXCOLS];
	size_t i;

	ct_xcols();
	ct_xunion(u);
	ct_cells_csv(out, "section", 0);
	for (i = 0; u[i]; i++)
		ct_cells_csv(out, u[i], !u[i + 1]);
	for (i = 0; i < CT_NXTABS; i++)
		ct_xrows(out, u, &ct_xtabs[i], doc);
}

void ct_report_markdown(FILE *out, const cJSON *doc)
{
	const struct ct_xtab *t;
	size_t i, n;

	ct_xcols();
	for (t = ct_xtabs; t < ct_xtabs + CT_NXTABS; t++) {
		fprintf(out, "%s### %s\n\n", t == ct_xtabs ? "" : "\n", t->title);
		for (n = 0; t->cols[n]; n++)
			;
		for (i = 0; i < n; i++)
			ct_cells_md(out, t->cols[i]);
		fputs("|\n", out);
		ct_cells_md_rule(out, n);
		ct_xrows(out, t->cols, t, doc);
	}
}
