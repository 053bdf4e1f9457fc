/*
 * html_timeline.c -- the timeline: one block per traced process image,
 * a lane per thread and per child process, on one time axis for the run.
 *
 * In a thread's lane, imports are bars nested by their parent (an
 * icicle: a child sits one row below its parent, inside its window), and
 * the native work of an import -- its dlopen calls and file-system runs
 * (the record's dlopens[] and fs_runs[]) -- one row below the innermost
 * import in progress at its start, where no child import can be (the
 * child would be the innermost).  An extension import's time after its
 * dlopen (PyInit_* and module set-up) is a band along its own bar; with
 * --loader a dlopen unfolds below it into its phases (html_phases.c).  Each
 * bar is a positioned element (left and width in % of the scale: the
 * run's range on the run page, a range shared by two runs on the diff's),
 * so the timeline shows without scripts; data-i names its details in the
 * page's data block (pg->bars).  Never: a bar placed from anything but the
 * record's own times, or outside the scale.
 */
#include <stdlib.h>
#include <string.h>

#include "lib/fmt.h"
#include "lib/vec.h"
#include "html_tl.h"

static double ct_pct(const struct ct_page *pg, int64_t t)
{
	double span = (double)(pg->t1 - pg->t0);

	if (t < (int64_t)pg->t0 || span <= 0)
		return 0;
	return t > (int64_t)pg->t1 ? 100.0 : 100.0 * (double)(t - (int64_t)pg->t0) / span;
}

/* A percentage to 4 decimals, without the zeros that say nothing
 * ("0.0500" as ".05", "100.0000" as "100"). */
static const char *ct_pct_fmt(char *buf, double v)
{
	char *p;

	snprintf(buf, 16, "%.4f", v);
	for (p = buf + strlen(buf); p[-1] == '0'; )
		*--p = 0;
	if (p[-1] == '.')
		*--p = 0;
	return !strncmp(buf, "0.", 2) ? buf + 1 : buf;
}

/* <div class="b CLASS" style="--l:LEFT;--w:WIDTH;--r:ROW">TEXT</div> (in %
 * of the scale; page.css places it; no --r: row 0) for the details i; with
 * data-i=i only when i is not the one after the previous bar's (page.js
 * numbers the bars in page order from there); start < 0: none. */
void ct_bar(struct ct_tl *t, const char *cls, const char *sub, int64_t start, int64_t end,
	    int row, int i, const char *text)
{
	FILE *out = t->pg->out;
	double l = ct_pct(t->pg, start), r = ct_pct(t->pg, end < start ? start : end);
	char lb[16], wb[16];

	fprintf(out, "<div class=\"b %s", cls);
	if (sub) {
		fputs(" k-", out);
		ct_html_token(out, sub);
	}
	fprintf(out, "\" style=\"--l:%s;--w:%s", ct_pct_fmt(lb, l), ct_pct_fmt(wb, r - l));
	if (row)
		fprintf(out, ";--r:%d", row);
	fputc('"', out);
	if (i != t->pg->bars->drawn)   /* not the bar after the last one drawn */
		fprintf(out, " data-i=%d", i);
	t->pg->bars->drawn = i + 1;
	fputc('>', out);
	ct_html_text(out, text);
	fputs("</div>", out);
}

static int ct_timp_cmp(const void *a, const void *b)
{
	const struct ct_timp *x = a, *y = b;

	return x->start < y->start ? -1 : x->start > y->start;
}

/* The image's imports with their depth (parents start first); an import
 * without a thread (an older record) goes to the first thread. */
static void ct_tl_imports(struct ct_tl *t)
{
	const cJSON *o;
	size_t cap = 0, i, j;
	struct ct_timp *m;
	int row = 0;

	for (i = 0; i < t->img; i++)   /* the imports table: every image's, in order */
		row += cJSON_GetArraySize(ct_rget(t->pg->c->img[i].proc, "imports"));
	cJSON_ArrayForEach(o, ct_rget(t->proc, "imports")) {
		if (CT_GROW(t->imp, cap, t->nimp) < 0)
			break;
		m = &t->imp[t->nimp++];
		*m = (struct ct_timp){ o, ct_rint(o, "id"), ct_rint(o, "tid"),
				       ct_rint(o, "start_ns"), ct_rint(o, "end_ns"), 0, NULL,
				       row++, -1 };
		if (m->tid < 0)
			m->tid = t->main_tid;
		if (m->end < m->start)
			m->end = t->end;
	}
	if (t->nimp)
		qsort(t->imp, t->nimp, sizeof(*t->imp), ct_timp_cmp);
	for (i = 0; i < t->nimp; i++)
		for (j = i; j-- > 0;)
			if (t->imp[j].id == ct_rint(t->imp[i].o, "parent")) {
				t->imp[i].depth = t->imp[j].depth + 1;
				t->imp[i].by = ct_rstr(t->imp[j].o, "module");
				t->imp[i].by_row = t->imp[j].row;
				break;
			}
}

/* Depth of the innermost import in progress on tid at time at, -1 none. */
static int ct_tl_innermost(const struct ct_tl *t, int64_t tid, int64_t at)
{
	int best = -1;
	size_t i;

	for (i = 0; i < t->nimp && t->imp[i].start <= at; i++)
		if (t->imp[i].tid == tid && at < t->imp[i].end && t->imp[i].depth > best)
			best = t->imp[i].depth;
	return best;
}

/* The end of an extension import's dlopen: where its init begins. */
static int64_t ct_tl_init_start(const struct ct_tl *t, const struct ct_timp *m)
{
	const cJSON *d;
	const char *mod = ct_rstr(m->o, "module");
	int64_t at, end = -1;

	cJSON_ArrayForEach(d, ct_rget(t->proc, "dlopens")) {
		at = ct_rint(d, "t_ns");
		if (mod && ct_rstr(d, "import") && !strcmp(ct_rstr(d, "import"), mod) &&
		    ct_rint(d, "tid") == m->tid && at >= m->start && at < m->end)
			end = at + ct_rint(d, "dur_ns");
	}
	return end;
}

/* Does a dlopens[] / fs_runs[] entry belong to thread tid?  (Without a
 * tid, an older record: the first thread.) */
static int ct_tl_on(const struct ct_tl *t, const cJSON *o, int64_t tid)
{
	int64_t its = ct_rint(o, "tid");

	return its == tid || (its < 0 && tid == t->main_tid);
}

/* Rows of thread tid's lane: its deepest import, or native work below it. */
static int ct_tl_rows(const struct ct_tl *t, int64_t tid)
{
	static const char *const keys[][2] = { { "dlopens", "t_ns" }, { "fs_runs", "start_ns" } };
	const cJSON *o;
	int rows = 1, r;
	size_t i;

	for (i = 0; i < t->nimp; i++)
		if (t->imp[i].tid == tid && t->imp[i].depth + 1 > rows)
			rows = t->imp[i].depth + 1;
	for (i = 0; i < 2; i++)
		cJSON_ArrayForEach(o, ct_rget(t->proc, keys[i][0])) {
			r = ct_tl_on(t, o, tid) ? ct_tl_innermost(t, tid, ct_rint(o, keys[i][1])) + 2 +
				(i ? 0 : ct_tl_dl_row(t, o) + ct_tl_phase_rows(o)) : 0;
			rows = r > rows ? r : rows;
		}
	return rows;
}

static void ct_tl_import_bars(struct ct_tl *t, int64_t tid)
{
	const struct ct_timp *m;
	const char *kind;
	int64_t init;
	size_t i;
	int k, pid = (int)ct_rint(t->proc, "pid");

	for (i = 0; i < t->nimp; i++) {
		m = &t->imp[i];
		if (m->tid != tid)
			continue;
		kind = ct_rstr(m->o, "kind");
		k = ct_bar_detail(t->pg, "import", pid, m->o, m);
		ct_bar(t, cJSON_IsFalse(ct_rget(m->o, "ok")) ? "imp fail" : "imp", kind,
		       m->start, m->end, m->depth, k, ct_rstr(m->o, "module"));
		init = kind && !strcmp(kind, "extension") ? ct_tl_init_start(t, m) : -1;
		if (init > 0 && init < m->end) {
			k = ct_bar_detail(t->pg, "init", pid, m->o, m);
			ct_bar(t, "init", NULL, init, m->end, m->depth, k, "");
		}
	}
}

/* dlopens[] or fs_runs[] entries of thread tid, one row below their
 * import; a dlopen's phases below it. */
static void ct_tl_native(struct ct_tl *t, int64_t tid, int dl)
{
	const cJSON *o;
	int64_t start, end;
	int k, row, pid = (int)ct_rint(t->proc, "pid");

	cJSON_ArrayForEach(o, ct_rget(t->proc, dl ? "dlopens" : "fs_runs")) {
		if (!ct_tl_on(t, o, tid))
			continue;
		start = ct_rint(o, dl ? "t_ns" : "start_ns");
		end = dl ? start + ct_rint(o, "dur_ns") : ct_rint(o, "end_ns");
		k = ct_bar_detail(t->pg, dl ? "dlopen" : "fs", pid, o, NULL);
		row = ct_tl_innermost(t, tid, start) + 1 + (dl ? ct_tl_dl_row(t, o) : 0);
		ct_bar(t, dl ? (cJSON_IsFalse(ct_rget(o, "ok")) ? "dl fail" : "dl") : "fs", NULL,
		       start, end, row, k,
		       dl ? ct_fmt_base(ct_rstr(o, ct_rstr(o, "path") ? "path" : "requested")) : "");
		if (dl)
			ct_tl_phases(t, o, row);
	}
}

/* <div class="lane CLS"><div class=lab>...: the caller writes the label. */
static void ct_lane_open(FILE *out, const char *cls)
{
	fprintf(out, "<div class=\"lane %s\"><div class=lab>", cls);
}

static void ct_lane_track(FILE *out, int rows)
{
	fprintf(out, "</div><div class=trk style=\"height:%dpx\">", rows * CT_ROW_PX + 4);
}

static void ct_thread_lane(struct ct_tl *t, const cJSON *th)
{
	FILE *out = t->pg->out;
	int64_t tid = ct_rint(th, "tid"), end = ct_rint(th, "end_ns");
	char text[200];
	int k;

	ct_lane_open(out, "thr");
	snprintf(text, sizeof(text), "thread %lld%s%s%.120s", (long long)tid,
		 tid == t->main_tid ? " (main)" : "", ct_rstr(th, "py_name") ? " " : "",
		 ct_rstr(th, "py_name") ? ct_rstr(th, "py_name") : "");
	ct_html_text(out, text);
	if (ct_rstr(th, "import")) {
		fputs(" <small>in ", out);
		ct_html_text(out, ct_rstr(th, "import"));
		fputs("</small>", out);
	}
	ct_lane_track(out, ct_tl_rows(t, tid));
	k = ct_bar_detail(t->pg, "thread", (int)ct_rint(t->proc, "pid"), th, NULL);
	ct_bar(t, "life", NULL, ct_rint(th, "start_ns"), end < 0 ? t->end : end, 0, k, "");
	ct_tl_import_bars(t, tid);
	ct_tl_native(t, tid, 1);
	ct_tl_native(t, tid, 0);
	fputs("</div></div>\n", out);
}

/* The image (index) a child became: the first image of its pid that
 * started after the fork, -1 when it left none. */
static long ct_child_image(const struct ct_tl *t, const cJSON *ch)
{
	const struct ct_rctx *c = t->pg->c;
	int64_t pid = ct_rint(ch, "pid"), at = ct_rint(ch, "t_ns");
	size_t i;

	for (i = 0; pid > 0 && i < c->nimg; i++)
		if (c->img[i].pid == pid && ct_rint(c->img[i].proc, "start_ns") >= at &&
		    !ct_rstr(c->img[i].proc, "exec_of"))
			return (long)i;
	return -1;
}

/* Where a child's last image ended (the exec chain from image i). */
static int64_t ct_child_end(const struct ct_rctx *c, size_t i)
{
	int64_t end = ct_rint(c->img[i].proc, "end_ns");
	size_t j;

	for (j = i + 1; j < c->nimg; j++)
		if (c->img[j].pid == c->img[i].pid && ct_rint(c->img[j].proc, "start_ns") >= end)
			end = ct_rint(c->img[j].proc, "end_ns");
	return end;
}

static void ct_child_lane(struct ct_tl *t, const cJSON *ch)
{
	FILE *out = t->pg->out;
	long img = ct_child_image(t, ch);
	int64_t at = ct_rint(ch, "t_ns");
	char text[96];
	int k;

	ct_lane_open(out, "child");
	snprintf(text, sizeof(text), "child %lld (", (long long)ct_rint(ch, "pid"));
	ct_html_text(out, text);
	ct_html_text(out, ct_rstr(ch, "how"));
	fputs(")", out);
	if (img >= 0) {
		fprintf(out, " <a href=\"#%s%ld\">", t->pg->idp, img);
		ct_html_text(out, ct_rimage_name(t->pg->c->img[img].proc));
		fputs("</a>", out);
	} else {
		fputs(" <small>not traced</small>", out);
	}
	ct_lane_track(out, 1);
	k = ct_bar_detail(t->pg, "child", (int)ct_rint(t->proc, "pid"), ch, NULL);
	ct_bar(t, img >= 0 ? "kid" : "kid none", NULL, at,
	       img >= 0 ? ct_child_end(t->pg->c, (size_t)img) : at, 0, k, "");
	fputs("</div></div>\n", out);
}

static void ct_proc_head(struct ct_tl *t)
{
	FILE *out = t->pg->out;
	const cJSON *ex = ct_rget(t->proc, "exit");
	char text[4096], ms[32];

	fprintf(out, "<div class=proc id=%s%zu><div class=ph>pid %lld ", t->pg->idp, t->img,
		(long long)ct_rint(t->proc, "pid"));
	ct_html_text(out, ct_rimage_name(t->proc));
	fputs(" <small>", out);
	ct_rjoin_argv(ct_rget(t->proc, "argv"), text, sizeof(text));
	ct_html_textn(out, text, strnlen(text, 240));
	snprintf(text, sizeof(text), " | %s, exit ",
		 ct_fmt_ms(ms, sizeof(ms), t->end - ct_rint(t->proc, "start_ns")));
	ct_html_text(out, text);
	ct_html_text(out, ct_rstr(ex, "how") ? ct_rstr(ex, "how") : "unknown");
	if (ct_rint(ex, "status") >= 0)
		fprintf(out, " %lld", (long long)ct_rint(ex, "status"));
	fputs("</small></div>\n", out);
}

static void ct_tl_image(struct ct_page *pg, size_t i)
{
	struct ct_tl t = { .pg = pg, .proc = pg->c->img[i].proc, .img = i };
	const cJSON *th;

	t.main_tid = ct_rint(cJSON_GetArrayItem(ct_rget(t.proc, "threads"), 0), "tid");
	t.end = ct_rint(t.proc, "end_ns");
	ct_tl_imports(&t);
	ct_proc_head(&t);
	cJSON_ArrayForEach(th, ct_rget(t.proc, "threads"))
		ct_thread_lane(&t, th);
	cJSON_ArrayForEach(th, ct_rget(t.proc, "children"))
		ct_child_lane(&t, th);
	fputs("</div>\n", pg->out);
	free(t.imp);
}

void ct_html_tl_range(struct ct_page *pg)
{
	int64_t s, e;
	size_t i;

	for (i = 0; i < pg->c->nimg; i++) {
		s = ct_rint(pg->c->img[i].proc, "start_ns");
		e = ct_rint(pg->c->img[i].proc, "end_ns");
		if (s > 0 && (!pg->t0 || (uint64_t)s < pg->t0))
			pg->t0 = (uint64_t)s;
		if (e > 0 && (uint64_t)e > pg->t1)
			pg->t1 = (uint64_t)e;
	}
}

static void ct_tl_legend(FILE *out)
{
	static const char *const keys[][2] = {
		{ "imp k-source", "import (source, bytecode)" }, { "imp k-extension", "extension import" },
		{ "imp k-frozen", "builtin, frozen" }, { "imp fail", "failed import" },
		{ "init", "extension init (after its dlopen)" }, { "dl", "dlopen" },
		{ "dp k-wait", "loader lock wait" }, { "dp k-search_map", "search+map" },
		{ "dp k-relocation", "relocation" }, { "dp k-constructors", "constructors" },
		{ "ci", "an object's initialisers (--loader)" },
		{ "fs", "file-system calls" }, { "life", "thread alive" }, { "kid", "child process" },
	};
	size_t i;

	fputs("<p class=legend>", out);
	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		fprintf(out, "<span><i class=\"sw %s\"></i>%s</span> ", keys[i][0], keys[i][1]);
	fputs("</p>\n", out);
}

void ct_html_tl_open(FILE *out)
{
	fputs("<div class=ctl><input id=ct-search type=search placeholder=\"search a module or "
	      "library\"> <button data-zoom=2>zoom in</button><button data-zoom=0.5>zoom out"
	      "</button><button data-zoom=0>whole run</button> <span id=ct-found></span></div>\n",
	      out);
	ct_tl_legend(out);
	fputs("<div class=tl id=ct-tl><div class=tlw id=ct-tlw>\n"
	      "<div class=\"lane axis\"><div class=lab></div><div class=trk id=ct-axis></div></div>\n",
	      out);
}

void ct_html_tl_images(struct ct_page *pg)
{
	size_t i;

	for (i = 0; i < pg->c->nimg; i++)
		ct_tl_image(pg, i);
}

void ct_html_tl_close(FILE *out)
{
	fputs("</div></div>\n<div id=ct-tip hidden></div>\n", out);
}

void ct_html_timeline(struct ct_page *pg)
{
	char ms[32];

	ct_html_tl_range(pg);
	fprintf(pg->out, "<section id=timeline>\n<h2>Timeline</h2>\n<p class=note>%s from the "
		"first traced start; imports nest below their parent, native work below its "
		"import. Hover a bar for details; Ctrl+wheel or the buttons zoom, drag pans.</p>\n",
		ct_fmt_ms(ms, sizeof(ms), (int64_t)(pg->t1 - pg->t0)));
	ct_html_tl_open(pg->out);
	ct_html_tl_ready(pg);
	ct_html_tl_images(pg);
	ct_html_tl_close(pg->out);
	fputs("</section>\n", pg->out);
}
