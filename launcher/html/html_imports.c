/*
 * html_imports.c -- the imports table (every import of every image, in
 * start order: self, cumulative and native columns; failed ones marked)
 * and the file-system section (call counts, the directories where
 * lookups failed, the most opened paths), from the record and the
 * report's filesystem section.
 */
#include <stdio.h>

#include "lib/fmt.h"
#include "html.h"

/* "N" or "N (F failed)" in a cell sorted by N. */
static void ct_count_td(FILE *out, int64_t n, int64_t failed)
{
	char text[64];

	if (failed > 0)
		snprintf(text, sizeof(text), "%lld (%lld failed)", (long long)n, (long long)failed);
	else
		snprintf(text, sizeof(text), "%lld", (long long)n);
	ct_html_num_td(out, n, text);
}

static void ct_import_row(FILE *out, const cJSON *proc, const cJSON *imp)
{
	const cJSON *nat = ct_rget(imp, "native"), *ok = ct_rget(imp, "ok");

	fprintf(out, "<tr%s>", cJSON_IsFalse(ok) ? " class=fail" : "");
	ct_html_pid_td(out, proc);
	ct_html_str_td(out, ct_rstr(imp, "module"));
	ct_html_str_td(out, ct_rstr(imp, "kind"));
	ct_html_ms_td(out, ct_rscaled(imp, "self_us", 1000));
	ct_html_ms_td(out, ct_rscaled(imp, "cumulative_us", 1000));
	ct_html_ms_td(out, ct_rint(nat, "dlopen_ns"));
	ct_html_ms_td(out, ct_rint(nat, "fs_ns"));
	ct_count_td(out, ct_rint(nat, "libraries"), 0);
	ct_count_td(out, ct_rint(nat, "opens"), ct_rint(nat, "open_errors"));
	ct_count_td(out, ct_rint(nat, "stats"), ct_rint(nat, "stat_errors"));
	ct_html_size_td(out, ct_rmapped(nat));
	ct_count_td(out, ct_rint(nat, "threads"), 0);
	ct_html_str_td(out, cJSON_IsTrue(ok) ? "ok" : cJSON_IsFalse(ok)
		       ? (ct_rstr(imp, "error") ? ct_rstr(imp, "error") : "failed") : "never ended");
	fputs("</tr>\n", out);
}

void ct_html_imports(struct ct_page *pg)
{
	static const char *const cols[] = { "pid", "module", "kind", "self", "cumulative",
		"dlopen", "file-system", ".so", "opens", "stats", "mapped", "threads", "result" };
	FILE *out = pg->out;
	const cJSON *imp;
	size_t i;

	fputs("<section id=imports>\n<h2>Imports</h2>\n<p class=note>Every Python import "
	      "(the window <code>-X importtime</code> measures). Native columns count the work "
	      "done while the import was the innermost one on its thread.</p>\n", out);
	ct_html_table_head(out, "ct-imports", cols, sizeof(cols) / sizeof(cols[0]));
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
		ct_count_td(out, ct_rint(o, "count"), 0);
		fputs("</tr>\n", out);
	}
	fputs("</tbody></table>\n", out);
}

void ct_html_fs(struct ct_page *pg)
{
	const cJSON *fs = ct_rget(pg->report, "filesystem"), *o;
	FILE *out = pg->out;

	fputs("<section id=filesystem>\n<h2>File system</h2>\n<table class=sortable><thead><tr>"
	      "<th>call</th><th>count</th><th>failed</th><th>time</th></tr></thead><tbody>\n",
	      out);
	cJSON_ArrayForEach(o, ct_rget(fs, "calls")) {
		fputs("<tr>", out);
		ct_html_str_td(out, ct_rstr(o, "call"));
		ct_count_td(out, ct_rint(o, "count"), 0);
		ct_count_td(out, ct_rint(o, "errors"), 0);
		ct_html_ms_td(out, ct_rint(o, "time_ns"));
		fputs("</tr>\n", out);
	}
	fputs("</tbody></table>\n", out);
	ct_fs_counts(out, "Directories where lookups failed", ct_rget(fs, "failed_lookup_dirs"),
		     "dir");
	ct_fs_counts(out, "Most opened paths", ct_rget(fs, "most_opened"), "path");
	fputs("<p class=note>", out);
	ct_html_text(out, ct_rstr(fs, "not_seen"));
	fputs("</p>\n</section>\n", out);
}
