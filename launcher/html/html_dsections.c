/*
 * html_dsections.c -- the diff page's sections, each rendered from its
 * section of the diff's JSON (docs/diff.md): the gates, the headline,
 * then shared objects, imports, file system, processes, CUDA and
 * context in the text's order.  Column headings are the page's own
 * words; every value is the JSON's.
 */
#include <string.h>

#include "html_diff.h"

#define CT_NCOLS(cols) (sizeof(cols) / sizeof(cols[0]))

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
static const struct ct_hdcol ct_call_cols[] = {
	{ "call", "kind", CT_HD_TEXT }, { "count", "count", CT_HD_CMP },
	{ "failed", "errors", CT_HD_CMP }, { "time", "time", CT_HD_CMP },
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

/* "A 20, B 23 <what>" of a section's count{}. */
static const char *ct_hd_count(char *buf, size_t n, const cJSON *s, const char *what)
{
	const cJSON *c = ct_rget(s, "count");

	snprintf(buf, n, "A %lld, B %lld %s", (long long)ct_rint(c, "a"),
		 (long long)ct_rint(c, "b"), what);
	return buf;
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
	const cJSON *f = ct_rget(s, "dlopen_failures");
	char note[96];

	ct_hd_open(out, "libraries", "Shared objects",
		   ct_hd_count(note, sizeof(note), s, "(coldtrace's own left out)"));
	ct_hdiff_list(out, "added", "ct-libs-added", ct_rget(s, "added"), ct_lib_cols,
		      CT_NCOLS(ct_lib_cols));
	ct_hdiff_list(out, "removed", "ct-libs-removed", ct_rget(s, "removed"), ct_lib_cols,
		      CT_NCOLS(ct_lib_cols));
	ct_hdiff_list(out, "same soname, other path or file", "ct-libs-moved",
		      ct_rget(s, "moved"), ct_moved_cols, CT_NCOLS(ct_moved_cols));
	ct_hdiff_list(out, "loaded another way", "ct-libs-how", ct_rget(s, "how"), ct_how_cols,
		      CT_NCOLS(ct_how_cols));
	ct_hdiff_list(out, "CUDA class changed", "ct-libs-cuda", ct_rget(s, "cuda"),
		      ct_pair_cols, CT_NCOLS(ct_pair_cols));
	ct_hdiff_changes(out, "resident size", "ct-libs-rss", ct_rget(s, "rss"), "key",
			 "library");
	ct_hdiff_list(out, "failed dlopens added", "ct-dlfail-added", ct_rget(f, "added"),
		      ct_fail_cols, CT_NCOLS(ct_fail_cols));
	ct_hdiff_list(out, "failed dlopens removed", "ct-dlfail-removed", ct_rget(f, "removed"),
		      ct_fail_cols, CT_NCOLS(ct_fail_cols));
}

static void ct_hd_imports(FILE *out, const cJSON *s)
{
	char note[64];

	ct_hd_open(out, "imports", "Python imports",
		   ct_hd_count(note, sizeof(note), s, "modules"));
	ct_hdiff_list(out, "added", "ct-imports-added", ct_rget(s, "added"), ct_imp_cols,
		      CT_NCOLS(ct_imp_cols));
	ct_hdiff_list(out, "removed", "ct-imports-removed", ct_rget(s, "removed"), ct_imp_cols,
		      CT_NCOLS(ct_imp_cols));
	ct_hdiff_changes(out, "largest changes of self time", "ct-imports-self",
			 ct_rget(s, "self"), "module", "module");
	ct_hdiff_changes(out, "largest changes of cumulative time", "ct-imports-cumulative",
			 ct_rget(s, "cumulative"), "module", "module");
}

static void ct_hd_fs(FILE *out, const cJSON *s)
{
	ct_hd_open(out, "filesystem", "File system and call shape",
		   "summed over every image of a run");
	ct_hdiff_list(out, "calls that changed", "ct-calls", ct_rget(s, "calls"), ct_call_cols,
		      CT_NCOLS(ct_call_cols));
	ct_hdiff_list(out, "directories of failed lookups, new or grown", "ct-fail-dirs",
		      ct_rget(s, "failed_lookup_dirs"), ct_dir_cols, CT_NCOLS(ct_dir_cols));
	ct_hdiff_list(out, "files opened only in B", "ct-opened-added",
		      ct_rget(s, "opened_added"), ct_file_cols, CT_NCOLS(ct_file_cols));
	ct_hdiff_list(out, "files opened only in A", "ct-opened-removed",
		      ct_rget(s, "opened_removed"), ct_file_cols, CT_NCOLS(ct_file_cols));
}

/* images and threads: a compared number each, named by its key. */
static void ct_hd_counts(FILE *out, const cJSON *s)
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

static void ct_hd_procs(FILE *out, const cJSON *s)
{
	ct_hd_open(out, "processes", "Processes and threads", NULL);
	ct_hd_counts(out, s);
	ct_hdiff_list(out, "children only in B", "ct-children-added",
		      ct_rget(s, "children_added"), ct_child_cols, CT_NCOLS(ct_child_cols));
	ct_hdiff_list(out, "children only in A", "ct-children-removed",
		      ct_rget(s, "children_removed"), ct_child_cols, CT_NCOLS(ct_child_cols));
	ct_hdiff_list(out, "thread creators, new or more", "ct-creators",
		      ct_rget(s, "thread_creators"), ct_creator_cols, CT_NCOLS(ct_creator_cols));
}

static void ct_hd_cuda(FILE *out, const cJSON *s)
{
	const cJSON *v = ct_rget(s, "verdict");

	ct_hd_open(out, "cuda", "CUDA", NULL);
	fputs("<p class=verdict>verdict: <b id=ct-verdict-a>", out);
	ct_html_text(out, ct_rstr(v, "a"));
	fputs("</b> &rarr; <b id=ct-verdict-b>", out);
	ct_html_text(out, ct_rstr(v, "b"));
	fprintf(out, "</b> (%s)</p>\n", cJSON_IsTrue(ct_rget(s, "changed")) ? "changed" : "same");
	ct_hdiff_list(out, "CUDA libraries added", "ct-cuda-added", ct_rget(s, "libraries_added"),
		      ct_cudalib_cols, CT_NCOLS(ct_cudalib_cols));
	ct_hdiff_list(out, "CUDA libraries removed", "ct-cuda-removed",
		      ct_rget(s, "libraries_removed"), ct_cudalib_cols, CT_NCOLS(ct_cudalib_cols));
}

static void ct_hd_context(FILE *out, const cJSON *s)
{
	ct_hd_open(out, "context", "Context", cJSON_GetArraySize(s) ?
		   "what differs around the runs (a series: its first run)" :
		   "host, Python, command and loading environment: the same");
	ct_hdiff_list(out, NULL, "ct-context", s, ct_ctx_cols, CT_NCOLS(ct_ctx_cols));
}

void ct_hdiff_sections(FILE *out, const cJSON *doc)
{
	static const struct {
		const char *key;
		void (*show)(FILE *out, const cJSON *s);
	} secs[] = {
		{ "libraries", ct_hd_libs }, { "imports", ct_hd_imports },
		{ "filesystem", ct_hd_fs }, { "processes", ct_hd_procs },
		{ "cuda", ct_hd_cuda }, { "context", ct_hd_context },
	};
	size_t i;

	for (i = 0; i < CT_NCOLS(secs); i++) {
		secs[i].show(out, ct_rget(doc, secs[i].key));
		fputs("</section>\n", out);
	}
}
