/*
 * html_dsections.c -- the diff page's sections, each rendered from its
 * section of the diff's JSON (docs/diff.md): the gates, the headline,
 * then shared objects, imports, file system, processes, CUDA and
 * context in the text's order.  Column headings are the page's own
 * words (the calls': cols_fs.c's page headers; the imports' largest
 * changes: cols_imports.c's compared columns); every value is the
 * JSON's.
 */
#include <stdio.h>
#include <string.h>

#include "report/cols.h"
#include "html_diff.h"

#define CT_NCOLS(arr) (sizeof(arr) / sizeof(arr[0]))

static const struct ct_hdcol ct_lib_cols[] = {
	{ "library", "key", CT_HD_PATH }, { "path", "path", CT_HD_PATH },
	{ "how", "how", CT_HD_TEXT }, { "requested as", "request", CT_HD_PATH },
	{ "by", "caller", CT_HD_PATH }, { "import", "import", CT_HD_TEXT },
	{ "CUDA", "cuda", CT_HD_TEXT },
};
static const struct ct_hdcol ct_moved_cols[] = {
	{ "library", "key", CT_HD_PATH }, { "differs", "what", CT_HD_TEXT },
	{ "A realpath", "a.realpath", CT_HD_PATH }, { "A size", "a.size", CT_HD_BYTES },
	{ "A build-id", "a.build_id", CT_HD_PATH }, { "B realpath", "b.realpath", CT_HD_PATH },
	{ "B size", "b.size", CT_HD_BYTES }, { "B build-id", "b.build_id", CT_HD_PATH },
};
static const struct ct_hdcol ct_how_cols[] = {
	{ "library", "key", CT_HD_PATH }, { "A how", "a.how", CT_HD_TEXT },
	{ "A requested as", "a.request", CT_HD_PATH }, { "A by", "a.caller", CT_HD_PATH },
	{ "B how", "b.how", CT_HD_TEXT }, { "B requested as", "b.request", CT_HD_PATH },
	{ "B by", "b.caller", CT_HD_PATH },
};
static const struct ct_hdcol ct_pair_cols[] = {
	{ "library", "key", CT_HD_PATH }, { "A", "a", CT_HD_TEXT }, { "B", "b", CT_HD_TEXT },
};
static const struct ct_hdcol ct_fail_cols[] = {
	{ "requested", "requested", CT_HD_PATH }, { "error", "error", CT_HD_PATH },
	{ "caller", "caller", CT_HD_PATH }, { "import", "import", CT_HD_TEXT },
};
static const struct ct_hdcol ct_imp_cols[] = {
	{ "module", "module", CT_HD_TEXT }, { "imported by", "parent", CT_HD_TEXT },
	{ "kind", "kind", CT_HD_TEXT }, { "file", "file", CT_HD_PATH },
};
static const struct ct_hdcol ct_dir_cols[] = {
	{ "directory", "dir", CT_HD_PATH }, { "A", "a", CT_HD_TEXT }, { "B", "b", CT_HD_TEXT },
};
static const struct ct_hdcol ct_file_cols[] = { { "path", "path", CT_HD_PATH } };
static const struct ct_hdcol ct_child_cols[] = { { "argv", "argv", CT_HD_PATH } };
static const struct ct_hdcol ct_creator_cols[] = {
	{ "thread creator", "creator", CT_HD_PATH }, { "A", "a", CT_HD_TEXT },
	{ "B", "b", CT_HD_TEXT },
};
static const struct ct_hdcol ct_cudalib_cols[] = {
	{ "library", "key", CT_HD_PATH }, { "path", "path", CT_HD_PATH },
	{ "class", "class", CT_HD_TEXT },
};
static const struct ct_hdcol ct_ctx_cols[] = {
	{ "what", "what", CT_HD_TEXT }, { "A", "a", CT_HD_PATH }, { "B", "b", CT_HD_PATH },
};
static const struct ct_hdcol ct_gate_cols[] = {
	{ "gate", "expr", CT_HD_PATH }, { "value", "value", CT_HD_CMP },
	{ "failed", "failed", CT_HD_TEXT },
};

static void ct_hd_open(FILE *out, const char *id, const char *title, const char *note)
{
	fprintf(out, "<section id=%s>\n<h2>%s</h2>\n", id, title);
	if (note) {
		fputs("<p class=note>", out);
		ct_html_text(out, note);
		fputs("</p>\n", out);
	}
}

/* "A 20, B 23 what" of a section's count{}. */
static void ct_hd_count(FILE *out, const cJSON *s, const char *what)
{
	const cJSON *c = ct_rget(s, "count");

	fprintf(out, "<p class=note>A %lld, B %lld %s</p>\n", (long long)ct_rint(c, "a"),
		(long long)ct_rint(c, "b"), what);
}

void ct_hdiff_gates(FILE *out, const cJSON *doc)
{
	const cJSON *gates = ct_rget(doc, "gates"), *g;
	int failed = 0;

	if (!cJSON_GetArraySize(gates))
		return;
	cJSON_ArrayForEach(g, gates)
		failed += cJSON_IsTrue(ct_rget(g, "failed"));
	ct_hd_open(out, "gates", "Gates", failed ? "a gate failed: the diff exits 1" :
		   "every gate passed");
	ct_hdiff_list(out, NULL, "ct-gates", gates, ct_gate_cols, CT_NCOLS(ct_gate_cols));
	fputs("</section>\n", out);
}

void ct_hdiff_headline(FILE *out, const cJSON *doc)
{
	const cJSON *s = ct_rget(doc, "headline");
	char note[200];

	snprintf(note, sizeof(note), "%s; the smallest change called significant: %.0f%%.",
		 ct_rstr(s, "method") ? ct_rstr(s, "method") : "?",
		 100 * (cJSON_IsNumber(ct_rget(s, "min_change")) ?
			ct_rget(s, "min_change")->valuedouble : 0));
	ct_hd_open(out, "headline", "Headline", note);
	ct_hdiff_changes(out, NULL, "ct-headline", ct_rget(s, "metrics"), "label", "metric");
	fputs("</section>\n", out);
}

static void ct_hd_libs(FILE *out, const cJSON *s)
{
	ct_hd_count(out, s, "(coldtrace's own left out)");
}

static void ct_hd_imports(FILE *out, const cJSON *s)
{
	ct_hd_count(out, s, "modules");
}

/* images and threads: a compared number each, named by its key. */
static void ct_hd_procs(FILE *out, const cJSON *s)
{
	static const char *const keys[] = { "images", "threads" };
	const char *heads[7] = { "per run" };
	size_t i;

	memcpy(heads + 1, ct_hdiff_cmp_cols, sizeof(ct_hdiff_cmp_cols));
	ct_html_table_head(out, "ct-procs", heads, 7);
	fputs("<tbody>\n", out);
	for (i = 0; i < 2; i++) {
		fputs("<tr>", out);
		ct_html_str_td(out, keys[i]);
		ct_hdiff_cmp_tds(out, ct_rget(s, keys[i]));
		fputs("</tr>\n", out);
	}
	fputs("</tbody></table>\n", out);
}

/* The calls that changed: the call, then the page columns of cols_fs.c,
 * each a compared number under its ct_col_dkey. */
static void ct_hd_calls(FILE *out, const cJSON *s)
{
	struct ct_hdcol cols[1 + CT_FS_N] = { { "call", "kind", CT_HD_TEXT } };
	char keys[CT_FS_N][64];
	const struct ct_col *c;
	size_t n = 1;
	int at;

	for (at = 1; n <= CT_FS_N && (c = ct_col_at(&ct_cols_fs, CT_CV_PAGE, at)); at++, n++)
		cols[n] = (struct ct_hdcol){ c->page, ct_col_dkey(keys[n - 1], sizeof(keys[0]), c),
					     CT_HD_CMP };
	ct_hdiff_list(out, "calls that changed", "ct-calls", ct_rget(s, "calls"), cols, n);
}

/* After the imports' lists: the largest changes of each compared column
 * of cols_imports.c, under its ct_col_dkey (table ct-imports-<key>). */
static void ct_hd_imp_changes(FILE *out, const cJSON *s)
{
	const struct ct_col *c;
	char key[64], id[80], title[96];
	int at;

	for (at = 1; (c = ct_col_at(&ct_cols_imports, CT_CV_DIFF, at)); at++) {
		ct_col_dkey(key, sizeof(key), c);
		snprintf(id, sizeof(id), "ct-imports-%s", key);
		ct_hdiff_changes(out, ct_col_dtitle(title, sizeof(title), c), id, ct_rget(s, key),
				 "module", "module");
	}
}

static void ct_hd_cuda(FILE *out, const cJSON *s)
{
	const cJSON *v = ct_rget(s, "verdict");
	char line[300];

	snprintf(line, sizeof(line), "verdict: %s \u2192 %s (%s)", ct_hdiff_or(ct_rstr(v, "a")),
		 ct_hdiff_or(ct_rstr(v, "b")), cJSON_IsTrue(ct_rget(s, "changed")) ? "changed" :
		 "same");
	fputs("<p class=verdict>", out);
	ct_html_text(out, line);
	fputs("</p>\n", out);
}

static void ct_hd_context(FILE *out, const cJSON *s)
{
	fprintf(out, "<p class=note>%s</p>\n", cJSON_GetArraySize(s) ?
		"what differs around the runs (of a series: its first run)" :
		"host, Python, command and loading environment: the same");
}

/* A list of a section: its title, table id, dotted key in the section
 * (NULL: the section is the list), and its columns; or, cols NULL, a
 * list of compared numbers named by name (column heading head). */
struct ct_hdlist {
	const char *title, *id, *key;
	const struct ct_hdcol *cols;
	size_t ncol;
	const char *name, *head;
};
#define CT_LIST(title, id, key, cols) { title, id, key, cols, CT_NCOLS(cols), NULL, NULL }
#define CT_CHANGES(title, id, key, name, head) { title, id, key, NULL, 0, name, head }

static const struct ct_hdlist ct_lib_lists[] = {
	CT_LIST("added", "ct-libs-added", "added", ct_lib_cols),
	CT_LIST("removed", "ct-libs-removed", "removed", ct_lib_cols),
	CT_LIST("same soname, other path or file", "ct-libs-moved", "moved", ct_moved_cols),
	CT_LIST("loaded another way", "ct-libs-how", "how", ct_how_cols),
	CT_LIST("CUDA class changed", "ct-libs-cuda", "cuda", ct_pair_cols),
	CT_CHANGES("resident size", "ct-libs-rss", "rss", "key", "library"),
	CT_LIST("failed dlopens added", "ct-dlfail-added", "dlopen_failures.added", ct_fail_cols),
	CT_LIST("failed dlopens removed", "ct-dlfail-removed", "dlopen_failures.removed",
		ct_fail_cols),
};
static const struct ct_hdlist ct_imp_lists[] = {
	CT_LIST("added", "ct-imports-added", "added", ct_imp_cols),
	CT_LIST("removed", "ct-imports-removed", "removed", ct_imp_cols),
};
static const struct ct_hdlist ct_fs_lists[] = {
	CT_LIST("directories of failed lookups, new or grown", "ct-fail-dirs",
		"failed_lookup_dirs", ct_dir_cols),
	CT_LIST("files opened only in B", "ct-opened-added", "opened_added", ct_file_cols),
	CT_LIST("files opened only in A", "ct-opened-removed", "opened_removed", ct_file_cols),
};
static const struct ct_hdlist ct_proc_lists[] = {
	CT_LIST("children only in B", "ct-children-added", "children_added", ct_child_cols),
	CT_LIST("children only in A", "ct-children-removed", "children_removed", ct_child_cols),
	CT_LIST("thread creators, new or more", "ct-creators", "thread_creators",
		ct_creator_cols),
};
static const struct ct_hdlist ct_cuda_lists[] = {
	CT_LIST("CUDA libraries added", "ct-cuda-added", "libraries_added", ct_cudalib_cols),
	CT_LIST("CUDA libraries removed", "ct-cuda-removed", "libraries_removed",
		ct_cudalib_cols),
};
static const struct ct_hdlist ct_ctx_lists[] = {
	CT_LIST(NULL, "ct-context", NULL, ct_ctx_cols),
};

/* A section of the diff (key, also the <section>'s id): what comes
 * before its lists (intro), the lists, then what comes after them. */
struct ct_hdsec {
	const char *key;        /* its title: ct_section(key)->diff_page */
	void (*intro)(FILE *out, const cJSON *s);
	const struct ct_hdlist *lists;
	size_t nlist;
	void (*after)(FILE *out, const cJSON *s);       /* NULL: nothing */
};
#define CT_SEC(key, intro, lists) { key, intro, lists, CT_NCOLS(lists), NULL }

static const struct ct_hdsec ct_hdsecs[] = {
	CT_SEC("libraries", ct_hd_libs, ct_lib_lists),
	{ "imports", ct_hd_imports, ct_imp_lists, CT_NCOLS(ct_imp_lists), ct_hd_imp_changes },
	CT_SEC("filesystem", ct_hd_calls, ct_fs_lists),
	CT_SEC("processes", ct_hd_procs, ct_proc_lists),
	CT_SEC("cuda", ct_hd_cuda, ct_cuda_lists),
	CT_SEC("context", ct_hd_context, ct_ctx_lists),
};

static void ct_hd_list(FILE *out, const cJSON *s, const struct ct_hdlist *l)
{
	const cJSON *arr = l->key ? ct_rpath(s, l->key) : s;

	if (l->cols)
		ct_hdiff_list(out, l->title, l->id, arr, l->cols, l->ncol);
	else
		ct_hdiff_changes(out, l->title, l->id, arr, l->name, l->head);
}

void ct_hdiff_sections(FILE *out, const cJSON *doc)
{
	const struct ct_hdsec *sec;
	const cJSON *s;
	size_t i, j;

	for (i = 0; i < CT_NCOLS(ct_hdsecs); i++) {
		sec = &ct_hdsecs[i];
		s = ct_rget(doc, sec->key);
		ct_hd_open(out, sec->key, ct_section(sec->key)->diff_page, NULL);
		if (sec->intro)
			sec->intro(out, s);
		for (j = 0; j < sec->nlist; j++)
			ct_hd_list(out, s, &sec->lists[j]);
		if (sec->after)
			sec->after(out, s);
		fputs("</section>\n", out);
	}
}
