/*
 * report_libs_show.c -- the shared-objects section as text.
 *
 * Never: a line past CT_FMT_WIDTH (paths are cut from the left, keeping
 * the file name).
 */
#include <string.h>

#include "lib/fmt.h"
#include "cols.h"
#include "report.h"

static char *ct_kib(char *buf, size_t n, int64_t kb)
{
	return ct_fmt_size(buf, n, kb < 0 ? -1 : kb * 1024);
}

/* The text columns of t for --json row r (NULL: the headers), each after
 * a space, two before the first left-aligned one. */
static void ct_show_cells(FILE *out, const struct ct_coltab *t, const cJSON *r)
{
	char cell[CT_FMT_WIDTH];
	const struct ct_col *col;
	int at, left = 0;

	for (at = 1; (col = ct_col_at(t, CT_CV_TEXT, at)); at++) {
		if (r)
			ct_col_text(cell, sizeof(cell), r, col);
		fprintf(out, " %s%*s", !left && col->width < 0 ? " " : "",
			col->unit == CT_CU_PATH ? 0 : col->width, r ? cell : col->header);
		left |= col->width < 0;
	}
}

static void ct_show_groups(FILE *out, const cJSON *img)
{
	const cJSON *g;
	char what[200], cut[CT_FMT_WIDTH];

	fprintf(out, "  %sdlopen'ed (named) and pulled in as dependencies (needed), by request:%s\n ",
		ct_c(CT_C_DIM), ct_c(CT_C_OFF));
	ct_show_cells(out, &ct_cols_libgroups, NULL);
	fputs("  request, caller, Python import\n", out);
	cJSON_ArrayForEach(g, ct_rget(img, "groups")) {
		snprintf(what, sizeof(what), "%s%s%s%s%s", ct_rstr(g, "request")[0] == '?' ?
			 "(request unknown)" : ct_rstr(g, "request")[0] == '(' ? ct_rstr(g, "request") :
			 ct_fmt_base(ct_rstr(g, "request")), strcmp(ct_rstr(g, "caller"), "?") ? " by " : "",
			 strcmp(ct_rstr(g, "caller"), "?") ? ct_fmt_base(ct_rstr(g, "caller")) : "",
			 ct_rstr(g, "import") ? ", import " : "",
			 ct_rstr(g, "import") ? ct_rstr(g, "import") : "");
		fputc(' ', out);
		ct_show_cells(out, &ct_cols_libgroups, g);
		fprintf(out, "  %s\n", ct_fmt_cut(cut, sizeof(cut), what, 54));
	}
}

static void ct_show_list(FILE *out, const char *title, const cJSON *rows)
{
	const cJSON *l;

	fprintf(out, "  %s%s%s\n ", ct_c(CT_C_DIM), title, ct_c(CT_C_OFF));
	ct_show_cells(out, &ct_cols_libs, NULL);
	fputc('\n', out);
	cJSON_ArrayForEach(l, rows) {
		fputc(' ', out);
		ct_show_cells(out, &ct_cols_libs, l);
		fputc('\n', out);
	}
}

static void ct_show_failures(FILE *out, const cJSON *img, int top)
{
	const cJSON *f;
	char line[1200];
	int n = cJSON_GetArraySize(ct_rget(img, "failures")), i = 0;

	fprintf(out, "  %sfailed dlopen attempts: %d%s\n", ct_c(CT_C_DIM), n, ct_c(CT_C_OFF));
	cJSON_ArrayForEach(f, ct_rget(img, "failures")) {
		if (i++ == top) {
			fprintf(out, "    ... %d more (--json lists all)\n", n - top);
			break;
		}
		snprintf(line, sizeof(line), "%s by %s: %s", ct_rstr(f, "requested"),
			 ct_fmt_base(ct_rstr(f, "caller")), ct_rstr(f, "error"));
		ct_fmt_wrap(out, 4, line);
	}
}

static void ct_show_image(FILE *out, const cJSON *img, const struct ct_rctx *c)
{
	char note[200], sz[32], rs[32], st[32];

	snprintf(note, sizeof(note), "pid %lld %s", (long long)ct_rint(img, "pid"),
		 ct_rstr(img, "process"));
	ct_fmt_heading(out, ct_section("libraries")->report, note);
	fprintf(out, "  %s%lld objects, %s on disk, %s resident at exit%s  (%lld of coldtrace's own "
		     "not counted)\n", ct_c(CT_C_BOLD), (long long)ct_rint(img, "count"),
		ct_fmt_size(sz, sizeof(sz), ct_rint(img, "bytes")),
		ct_kib(rs, sizeof(rs), ct_rint(img, "rss_kb")), ct_c(CT_C_OFF),
		(long long)ct_rint(img, "own_excluded"));
	fprintf(out, "  at start-up (the program's DT_NEEDED and LD_PRELOAD): %lld objects, %s\n",
		(long long)ct_rint(img, "startup"), ct_fmt_size(st, sizeof(st),
								 ct_rint(img, "startup_bytes")));
	if (cJSON_GetArraySize(ct_rget(img, "groups")))
		ct_show_groups(out, img);
	if (c->o->brief)
		return;
	ct_show_list(out, "largest by resident memory at exit:", ct_rget(img, "largest_resident"));
	ct_show_failures(out, img, c->o->top);
	if (ct_rget(img, "all"))
		ct_show_list(out, "every library (--libs), in load order:", ct_rget(img, "all"));
}

void ct_rshow_libs(FILE *out, const cJSON *s, const struct ct_rctx *c)
{
	const cJSON *img;

	cJSON_ArrayForEach(img, ct_rget(s, "images"))
		ct_show_image(out, img, c);
}
