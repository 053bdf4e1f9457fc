/*
 * html_diff.c -- `coldtrace diff A B --html`: one self-contained page of
 * a diff, rendered from the diff's JSON (the object --json prints): the
 * sides and the summary, the gates, the headline, the two timelines,
 * then shared objects, imports, file system, processes, CUDA, context.
 *
 * The timelines are the run page's (html_timeline.c), A above B, each
 * from its own first traced start and both on one scale: the longer of
 * the two runs' ranges, so equal lengths look equal.  A series shows its
 * median run (the diff's median_record).  Never: a file made where the
 * page cannot go (checked before anything is written), or a page that
 * says what the diff's JSON does not.
 */
#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cmds.h"
#include "lib/fmt.h"
#include "lib/msg.h"
#include "diffpage.h"
#include "html_diff.h"

#define CT_HDIFF_SCHEMA "coldtrace.html.diff.v2"

struct ct_dpage {
	const cJSON *doc;
	struct ct_page side[2];         /* A, B: their timelines share bars */
	struct ct_bars bars;
	uint64_t span;                  /* the common scale */
};

static void ct_hd_kv(FILE *out, const char *key, const char *val, const char *small)
{
	fprintf(out, "<tr><th>%s</th><td>", key);
	ct_html_text(out, val);
	if (small) {
		fputs(" <small>", out);
		ct_html_text(out, small);
		fputs("</small>", out);
	}
	fputs("</td></tr>\n", out);
}

static void ct_hd_side_kv(FILE *out, const char *key, const cJSON *side)
{
	char what[64];
	long long n = (long long)ct_rint(side, "runs");

	if (cJSON_IsTrue(ct_rget(side, "series")))
		snprintf(what, sizeof(what), "(a series of %lld run%s)", n, n == 1 ? "" : "s");
	else
		snprintf(what, sizeof(what), "(a run)");
	ct_hd_kv(out, key, ct_rstr(side, "path"), what);
}

/* "libraries +3 -0 ~0, imports +5 -0, ..." of summary.sets. */
static void ct_hd_sets(char *buf, size_t n, const cJSON *sets)
{
	const cJSON *set;
	size_t len;

	buf[0] = '\0';
	cJSON_ArrayForEach(set, sets) {
		len = strlen(buf);
		snprintf(buf + len, n - len, "%s%s +%lld \u2212%lld", len ? ", " : "", set->string,
			 (long long)ct_rint(set, "added"), (long long)ct_rint(set, "removed"));
		len = strlen(buf);
		if (ct_rget(set, "moved"))
			snprintf(buf + len, n - len, " ~%lld", (long long)ct_rint(set, "moved"));
	}
}

/* The significant metrics, or "none". */
static void ct_hd_significant(char *buf, size_t n, const cJSON *sig)
{
	const cJSON *m;
	size_t len;

	snprintf(buf, n, "%s", cJSON_GetArraySize(sig) ? "" : "none");
	cJSON_ArrayForEach(m, sig) {
		len = strlen(buf);
		if (cJSON_IsString(m))
			snprintf(buf + len, n - len, "%s%s", len ? ", " : "", m->valuestring);
	}
}

static void ct_hd_head(FILE *out, const cJSON *doc)
{
	const cJSON *sum = ct_rget(doc, "summary"), *cuda = ct_rget(sum, "cuda"), *c;
	char line[1024];

	fputs("<header id=head>\n<h1>coldtrace diff</h1>\n<table class=kv id=ct-summary>\n", out);
	ct_hd_side_kv(out, "A", ct_rget(doc, "a"));
	ct_hd_side_kv(out, "B", ct_rget(doc, "b"));
	ct_hd_sets(line, sizeof(line), ct_rget(sum, "sets"));
	ct_hd_kv(out, "sets", line, cJSON_IsTrue(ct_rget(sum, "sets_identical")) ?
		 "(identical)" : "(added, removed, moved)");
	cJSON_ArrayForEach(c, ct_rget(doc, "context"))
		if (ct_rstr(c, "what") && !strcmp(ct_rstr(c, "what"), "exit")) {
			snprintf(line, sizeof(line), "%s \u2192 %s", ct_hdiff_or(ct_rstr(c, "a")),
				 ct_hdiff_or(ct_rstr(c, "b")));
			ct_hd_kv(out, "exit", line, NULL);
		}
	snprintf(line, sizeof(line), "%s \u2192 %s", ct_hdiff_or(ct_rstr(cuda, "a")),
		 ct_hdiff_or(ct_rstr(cuda, "b")));
	ct_hd_kv(out, "CUDA verdict", line, cJSON_IsTrue(ct_rget(cuda, "changed")) ?
		 "(changed)" : "(same)");
	ct_hd_significant(line, sizeof(line), ct_rget(sum, "significant"));
	ct_hd_kv(out, "significant changes", line, NULL);
	fputs("</table>\n</header>\n", out);
}

/* One side's lanes, in a block that says where its times count from. */
static void ct_hd_side(struct ct_dpage *dp, int i)
{
	struct ct_page *pg = &dp->side[i];
	const cJSON *side = ct_rget(dp->doc, i ? "b" : "a");
	FILE *out = pg->out;

	fprintf(out, "<div class=side id=ct-side-%c data-t0=%llu><div class=sideh>%c: ", 'a' + i,
		(unsigned long long)pg->t0, 'A' + i);
	ct_html_text(out, ct_rstr(side, "median_record"));
	if (cJSON_IsTrue(ct_rget(side, "series")))
		fputs(" <small>(the series' run with the median wall time)</small>", out);
	fputs("</div>\n", out);
	ct_html_tl_images(pg);
	fputs("</div>\n", out);
}

/* Both ranges, then one scale: each side from its start, as long as the
 * longer of the two. */
static void ct_hd_scale(struct ct_dpage *dp)
{
	uint64_t len;
	int i;

	dp->span = 1;
	for (i = 0; i < 2; i++) {
		ct_html_tl_range(&dp->side[i]);
		len = dp->side[i].t1 > dp->side[i].t0 ? dp->side[i].t1 - dp->side[i].t0 : 0;
		dp->span = len > dp->span ? len : dp->span;
	}
	for (i = 0; i < 2; i++)
		dp->side[i].t1 = dp->side[i].t0 + dp->span;
}

static void ct_hd_timelines(struct ct_dpage *dp, FILE *out)
{
	char ms[32];

	ct_hd_scale(dp);
	fprintf(out, "<section id=timelines>\n<h2>Timelines</h2>\n<p class=note>A above, B "
		"below, each from its first traced start, on one scale: %s, the longer of the two. "
		"A series is shown by its run with the median wall time. Hover a bar for details; "
		"Ctrl+wheel or the buttons zoom both, drag pans.</p>\n",
		ct_fmt_ms(ms, sizeof(ms), (int64_t)dp->span));
	ct_html_tl_open(out);
	ct_hd_side(dp, 0);
	ct_hd_side(dp, 1);
	ct_html_tl_close(out);
	fputs("</section>\n", out);
}

/* The data block: the diff itself, the timelines' scale (each side's
 * bars count from its block's data-t0) and every bar's details. */
static cJSON *ct_hd_data(const struct ct_dpage *dp)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddStringToObject(o, "schema", CT_HDIFF_SCHEMA);
	cJSON_AddNumberToObject(o, "t0_ns", 0);
	cJSON_AddNumberToObject(o, "t1_ns", (double)dp->span);
	cJSON_AddItemReferenceToObject(o, "diff", (cJSON *)dp->doc);
	ct_html_bars_add(o, &dp->bars);
	return o;
}

static void ct_hd_page(FILE *out, void *arg)
{
	struct ct_dpage *dp = arg;
	char title[600];

	dp->side[0].out = dp->side[1].out = out;
	snprintf(title, sizeof(title), "diff %s %s",
		 ct_hdiff_or(ct_rstr(ct_rget(dp->doc, "a"), "path")),
		 ct_hdiff_or(ct_rstr(ct_rget(dp->doc, "b"), "path")));
	ct_html_open(out, title, NULL);
	ct_hd_head(out, dp->doc);
	ct_hdiff_gates(out, dp->doc);
	ct_hdiff_headline(out, dp->doc);
	ct_hd_timelines(dp, out);
	ct_hdiff_sections(out, dp->doc);
	ct_html_close(out, ct_hd_data(dp), ct_html_page_js);
}

int ct_html_diff_write(const cJSON *doc, const struct ct_rctx *a, const struct ct_rctx *b,
		       const char *file)
{
	struct ct_dpage dp = { .doc = doc };
	int rc;

	ct_html_bars_init(&dp.bars, 0);
	dp.side[0] = (struct ct_page){ .c = a, .bars = &dp.bars, .idp = "a-p" };
	dp.side[1] = (struct ct_page){ .c = b, .bars = &dp.bars, .idp = "b-p" };
	rc = ct_html_file(file, ct_hd_page, &dp);
	ct_html_bars_free(&dp.bars);
	return rc;
}
