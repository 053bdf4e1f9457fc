/*
 * html_imports.c -- the imports table (every import of every image, in
 * start order: self, cumulative and native columns; failed ones marked)
 * and the file-system section (the calls per kind, the directories where
 * lookups failed, the most opened paths), from the record and the
 * report's filesystem section; the columns of both are cols.h's tables.
 */
#include <stdio.h>

#include "lib/fmt.h"
#include "report/cols.h"
#include "html.h"

/* "N" or "N (F failed)" in a cell of class cls sorted by N. */
static void ct_count_td(FILE *out, const char *cls, int64_t n, int64_t failed)
{
	char text[64];

	if (failed > 0)
		snprintf(text, sizeof(text), "%lld (%lld failed)", (long long)n, (long long)failed);
	else
		snprintf(text, sizeof(text), "%lld", (long long)n);
	ct_html_num_cell(out, cls, n, text);
}

/* Value v of number column c in a cell of class cls (NULL: page.css
 * aligns it); failed: the failures among a count, 0 when none. */
static void ct_col_cell(FILE *out, const char *cls, const struct ct_col *c, int64_t v,
			int64_t failed)
{
	if (c->unit == CT_CU_NS)
		ct_html_ms_cell(out, cls, v);
	else if (c->unit == CT_CU_BYTES)
		ct_html_size_cell(out, cls, v);
	else
		ct_count_td(out, cls, v, failed);
}

/* Column c of an imports[] entry as the page shows it (unknown: empty). */
static void ct_col_td(FILE *out, const cJSON *imp, const struct ct_col *c)
{
	if (c->unit == CT_CU_TEXT || (c->opt && ct_col_value(imp, c) < 0))
		ct_html_str_td(out, ct_col_str(imp, c->key));
	else
		ct_col_cell(out, NULL, c, ct_col_value(imp, c),
			    c->failed ? ct_col_num(imp, c->failed) : 0);
}

static void ct_import_row(FILE *out, const cJSON *proc, const cJSON *imp)
{
	const cJSON *ok = ct_rget(imp, "ok");
	const struct ct_col *col;
	int at;

	fprintf(out, "<tr%s><td>%lld", cJSON_IsFalse(ok) ? " class=fail" : "",
		(long long)ct_rint(proc, "pid"));
	ct_html_str_td(out, ct_rstr(imp, "module"));
	for (at = 1; (col = ct_col_at(&ct_cols_imports, CT_CV_PAGE, at)); at++)
		ct_col_td(out, imp, col);
	ct_html_str_td(out, cJSON_IsTrue(ok) ? "ok" : cJSON_IsFalse(ok)
		       ? (ct_rstr(imp, "error") ? ct_rstr(imp, "error") : "failed") : "never ended");
	fputc('\n', out);   /* the next row closes this one */
}

/* pid, module, the imports table's page columns (cols_imports.c), result. */
static size_t ct_import_heads(const char **heads, size_t n)
{
	size_t k;

	heads[0] = "pid";
	heads[1] = "module";
	k = ct_col_pages(&ct_cols_imports, heads, 2, n);
	heads[k++] = "result";
	return k;
}

void ct_html_imports(struct ct_page *pg)
{
	const char *heads[32];
	size_t i, n = ct_import_heads(heads, sizeof(heads) / sizeof(heads[0]));
	FILE *out = pg->out;
	const cJSON *imp;

	fprintf(out, "<section id=imports>\n<h2>%s</h2>\n<p class=note>Every Python import "
	      "(the window <code>-X importtime</code> measures). Native columns count the work "
	      "done while the import was the innermost one on its thread.</p>\n",
	      ct_section("imports")->page);
	ct_html_table_head(out, "ct-imports", heads, n);
	fputs("<tbody>\n", out);
	for (i = 0; i < pg->c->nimg; i++)
		cJSON_ArrayForEach(imp, ct_rget(pg->c->img[i].proc, "imports"))
			ct_import_row(out, pg->c->img[i].proc, imp);
	fputs("</tbody></table>\n</section>\n", out);
}

/* A two-column table of [{key, "count"}] entries. */
static void ct_fs_counts(FILE *out, const char *title, const cJSON *arr, const char *key)
{
	const cJSON *o;

	fprintf(out, "<h3>%s</h3>\n<table class=sortable><thead><tr><th>%s</th><th>count</th>"
		"</tr></thead><tbody>\n", title, key);
	cJSON_ArrayForEach(o, arr) {
		fputs("<tr>", out);
		ct_html_str_td(out, ct_rstr(o, key));
		ct_count_td(out, "n", ct_rint(o, "count"), 0);
		fputs("</tr>\n", out);
	}
	fputs("</tbody></table>\n", out);
}

/* The calls table: the call, then the page columns (cols_fs.c) of the
 * report's calls[] rows. */
static void ct_fs_calls(FILE *out, const cJSON *calls)
{
	const struct ct_col *col;
	const cJSON *o;
	int at;

	fputs("<table class=sortable><thead><tr><th>call</th>", out);
	for (at = 1; (col = ct_col_at(&ct_cols_fs, CT_CV_PAGE, at)); at++)
		fprintf(out, "<th>%s</th>", col->page);
	fputs("</tr></thead><tbody>\n", out);
	cJSON_ArrayForEach(o, calls) {
		fputs("<tr>", out);
		ct_html_str_td(out, ct_rstr(o, "call"));
		for (at = 1; (col = ct_col_at(&ct_cols_fs, CT_CV_PAGE, at)); at++)
			ct_col_cell(out, "n", col, ct_rint(o, col->id), 0);
		fputs("</tr>\n", out);
	}
	fputs("</tbody></table>\n", out);
}

void ct_html_fs(struct ct_page *pg)
{
	const cJSON *fs = ct_rget(pg->report, "filesystem");
	FILE *out = pg->out;

	fprintf(out, "<section id=filesystem>\n<h2>%s</h2>\n", ct_section("filesystem")->page);
	ct_fs_calls(out, ct_rget(fs, "calls"));
	ct_fs_counts(out, "Directories where lookups failed", ct_rget(fs, "failed_lookup_dirs"),
		     "dir");
	ct_fs_counts(out, "Most opened paths", ct_rget(fs, "most_opened"), "path");
	fputs("<p class=note>", out);
	ct_html_text(out, ct_rstr(fs, "not_seen"));
	fputs("</p>\n</section>\n", out);
}
