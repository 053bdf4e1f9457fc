/*
 * html_tables.c -- the shared-object table: every library of every image
 * in the record, one row each, as a real HTML table (sortable and
 * filterable by the script, readable without).  Its columns between the
 * pid and "how found" are ct_cols_libs' page columns (cols_libs.c).
 *
 * Libraries are grouped like the text report: what was there at
 * start-up, then each dlopen request with the dependencies it pulled in,
 * then what was only mapped; a request's rows leave its "requested by"
 * to the group (the script shows it in one list).  Long paths are cut
 * in the middle, whole on hover.  Number cells carry their value in
 * data-v unless their text starts with it.
 */
#include <stdlib.h>
#include <string.h>

#include "lib/fmt.h"
#include "report/cols.h"
#include "html.h"

enum { CT_G_START, CT_G_REQUEST, CT_G_MAPPED };

/* A group of one image's libraries. */
struct ct_lgrp {
	int kind;
	const char *request, *caller, *import;
	int n;
	int64_t bytes, rss_kb;
};

struct ct_lgrps {
	struct ct_lgrp *g;
	size_t n;
	int *of;                /* library index -> group index */
};

static const char *ct_lib_how(const cJSON *lib)
{
	return ct_rstr(lib, "how") ? ct_rstr(lib, "how") : "?";
}

static int ct_lgrp_kind(const cJSON *lib)
{
	const char *how = ct_lib_how(lib);

	if (!strcmp(how, "dlopen") || !strcmp(how, "needed"))
		return CT_G_REQUEST;
	return !strcmp(how, "mapped-only") ? CT_G_MAPPED : CT_G_START;
}

static int ct_same(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

/* The group of lib, added when new; -1 out of memory. */
static int ct_lgrp_of(struct ct_lgrps *gs, const cJSON *lib)
{
	const cJSON *rb = ct_rget(lib, "requested_by");
	struct ct_lgrp want = { ct_lgrp_kind(lib), ct_rstr(rb, "request"), ct_rstr(rb, "caller"),
				ct_rstr(lib, "import"), 0, 0, 0 };
	size_t i;

	if (want.kind != CT_G_REQUEST)
		want.request = want.caller = want.import = NULL;
	for (i = 0; i < gs->n; i++)
		if (gs->g[i].kind == want.kind && ct_same(gs->g[i].request, want.request) &&
		    ct_same(gs->g[i].caller, want.caller))
			return (int)i;
	gs->g[gs->n] = want;
	return (int)gs->n++;
}

static int ct_lgrps_build(struct ct_lgrps *gs, const cJSON *libs)
{
	size_t n = (size_t)cJSON_GetArraySize(libs), i = 0;
	const cJSON *lib;
	struct ct_lgrp *g;

	gs->n = 0;
	gs->g = calloc(n + 1, sizeof(*gs->g));
	gs->of = calloc(n + 1, sizeof(*gs->of));
	if (!gs->g || !gs->of)
		return -1;
	cJSON_ArrayForEach(lib, libs) {
		gs->of[i] = ct_lgrp_of(gs, lib);
		g = &gs->g[gs->of[i++]];
		g->n++;
		g->bytes += ct_rint(lib, "size") > 0 ? ct_rint(lib, "size") : 0;
		g->rss_kb += ct_rint(lib, "rss_kb") > 0 ? ct_rint(lib, "rss_kb") : 0;
	}
	return 0;
}

/* A group's heading row, across the table's ncol columns. */
static void ct_lgrp_head(FILE *out, const cJSON *proc, const struct ct_lgrp *g, size_t ncol)
{
	char text[160], sz[32], rss[32];

	fprintf(out, "<tr class=grp><th colspan=%zu>pid %lld ", ncol,
		(long long)ct_rint(proc, "pid"));
	ct_html_text(out, ct_rimage_name(proc));
	fputs(": ", out);
	if (g->kind == CT_G_REQUEST) {
		fputs("dlopen(<code>", out);
		ct_html_text(out, g->request);
		fputs("</code>) by ", out);
		ct_html_text(out, g->caller ? ct_fmt_base(g->caller) : "?");
		if (g->import) {
			fputs(", import <code>", out);
			ct_html_text(out, g->import);
			fputs("</code>", out);
		}
	} else {
		fputs(g->kind == CT_G_START ? "at start-up (the program's DT_NEEDED tree, "
			"LD_PRELOAD)" : "mapped at exit, never in the link map", out);
	}
	snprintf(text, sizeof(text), ": %d objects, %s on disk, %s resident", g->n,
		 ct_fmt_size(sz, sizeof(sz), g->bytes),
		 ct_fmt_size(rss, sizeof(rss), g->rss_kb * 1024));
	ct_html_text(out, text);
	fputs("</th></tr>\n", out);
}

/* How the loader came to this file, from the record's facts. */
static void ct_lib_found(FILE *out, const cJSON *lib)
{
	const char *how = ct_lib_how(lib), *path = ct_rstr(lib, "path");
	const char *req = ct_rstr(ct_rget(lib, "requested_by"), "request");
	const char *real = ct_rstr(lib, "realpath");

	fputs("<td class=found>", out);
	if (!strcmp(how, "dlopen"))
		fputs(req && strchr(req, '/') ? "the path dlopen named" :
		      "dlopen's search for the name", out);
	else if (!strcmp(how, "needed"))
		fputs("a DT_NEEDED of the dlopen'ed object", out);
	else if (!strcmp(how, "startup"))
		fputs("the program's DT_NEEDED or LD_PRELOAD", out);
	else if (!strcmp(how, "own"))
		fputs("coldtrace's own", out);
	ct_html_text(out, ct_rstr(lib, "note"));
	if (real && path && strcmp(real, path)) {
		fputs(" &rarr; ", out);
		ct_html_path(out, real);
	}
}

/* "REQUEST &larr; CALLER" (cut: the cell's), nothing without a request. */
static void ct_lib_rb(FILE *out, const char *request, const char *caller, int cut)
{
	if (!request)
		return;
	if (cut)
		ct_html_path(out, request);
	else
		ct_html_text(out, request);
	fputs(" &larr; ", out);
	ct_html_text(out, caller ? ct_fmt_base(caller) : "?");
}

/* Column c of a libraries[] entry as the page shows it: a path cut in
 * the middle (an object at c's key: "request &larr; caller", left to the
 * group in a request's group), a text ("?", or empty when c may be
 * unknown), a size. */
static void ct_lib_td(FILE *out, const cJSON *lib, const struct ct_col *c, int in_req)
{
	const cJSON *v = ct_rget(lib, c->key);
	const char *s = ct_col_str(lib, c->key);

	if (c->unit == CT_CU_PATH) {
		fputs("<td class=path>", out);
		if (!cJSON_IsObject(v))
			ct_html_path(out, s);
		else if (!in_req)
			ct_lib_rb(out, ct_rstr(v, "request"), ct_rstr(v, "caller"), 1);
	} else if (c->unit == CT_CU_TEXT) {
		ct_html_str_td(out, s || c->opt ? s : "?");
	} else {
		ct_html_size_td(out, ct_col_bytes(ct_col_value(lib, c), c));
	}
}

/* A row: pid, the page columns of ct_cols_libs, how found; in a
 * request's group its "requested by" is the group's (<tbody data-rb>,
 * filled in by the script for one list). */
static void ct_lib_row(FILE *out, const cJSON *proc, const cJSON *lib, int group, int in_req)
{
	const struct ct_col *col;
	int at;

	fprintf(out, cJSON_IsTrue(ct_rget(lib, "own")) ? "<tr class=\"lib own\" data-g=%d>" :
		"<tr class=lib data-g=%d>", group);
	ct_html_pid_td(out, proc);
	for (at = 1; (col = ct_col_at(&ct_cols_libs, CT_CV_PAGE, at)); at++)
		ct_lib_td(out, lib, col, in_req);
	ct_lib_found(out, lib);
	fputc('\n', out);   /* cells and rows end where the next begin */
}

/* One image's libraries, a <tbody> per group; *group numbers them,
 * ncol is the table's column count. */
static void ct_libs_image(FILE *out, const cJSON *proc, int *group, size_t ncol)
{
	const cJSON *libs = ct_rget(proc, "libraries"), *lib;
	struct ct_lgrps gs = { NULL, 0, NULL };
	size_t g, i;
	int in_req;

	if (!cJSON_GetArraySize(libs) || ct_lgrps_build(&gs, libs) < 0)
		goto out;
	for (g = 0; g < gs.n; g++) {
		in_req = gs.g[g].kind == CT_G_REQUEST;
		fputs("<tbody", out);
		if (in_req) {
			fputs(" data-rb=\"", out);
			ct_lib_rb(out, gs.g[g].request, gs.g[g].caller, 0);
			fputs("\"", out);
		}
		fputs(">\n", out);
		ct_lgrp_head(out, proc, &gs.g[g], ncol);
		i = 0;
		cJSON_ArrayForEach(lib, libs)
			if (gs.of[i++] == (int)g)
				ct_lib_row(out, proc, lib, *group, in_req);
		fputs("</tbody>\n", out);
		++*group;
	}
out:
	free(gs.g);
	free(gs.of);
}

/* pid, the libraries' page columns (cols_libs.c), how found. */
static size_t ct_lib_heads(const char **heads, size_t n)
{
	size_t k;

	heads[0] = "pid";
	k = ct_col_pages(&ct_cols_libs, heads, 1, n);
	heads[k++] = "how found";
	return k;
}

void ct_html_libs(struct ct_page *pg)
{
	const char *heads[32];
	size_t i, n = ct_lib_heads(heads, sizeof(heads) / sizeof(heads[0]));
	FILE *out = pg->out;
	int group = 0;

	fprintf(out, "<section id=libraries>\n<h2>%s</h2>\n<p class=note>Every object in "
		"every traced image's link map, grouped by the request that brought it; "
		"coldtrace's own are greyed. Click a column to sort (within groups unless "
		"<label><input type=checkbox id=ct-flat> one list</label>).</p>\n",
		ct_section("libraries")->page);
	ct_html_table_head(out, "ct-libs", heads, n);
	for (i = 0; i < pg->c->nimg; i++)
		ct_libs_image(out, pg->c->img[i].proc, &group, n);
	fputs("</table>\n</section>\n", out);
}
