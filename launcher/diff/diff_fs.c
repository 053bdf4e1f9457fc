/*
 * diff_fs.c -- the file-system and call shape (per call kind the
 * columns of cols_fs.c: count, errors, time; failed-lookup directories
 * added or grown; files opened added or removed), and the processes and
 * threads (counts, children by argv, new thread creators).  Summed over
 * every image of a run.
 */
#include <math.h>
#include <string.h>

#include "ct_log.h"
#include "lib/fmt.h"
#include "lib/json.h"
#include "report/cols.h"
#include "diff.h"

/* calls{}: arg is a column's record key (cols_fs.c).  Every call kind
 * of the kind table, 0 where the record has none (calls{} lists only the
 * kinds called): a kind one side never called still compares. */
static void ct_dcall_fill(struct ct_dkeys *k, const cJSON *proc, size_t irun, const char *arg)
{
	const cJSON *calls = ct_rget(proc, "calls"), *kind;
	const struct ct_kind_info *ki;

	for (int i = 1; i < CT_EV_KIND_MAX; i++) {
		ki = ct_kind(i);
		if (!ki->name || !ki->call)
			continue;
		kind = ct_rget(calls, ki->name);
		ct_dkeys_add(k, ki->name, kind, irun, kind ? ct_dnum(kind, arg) : 0);
	}
}

/* paths.<arg>[]: {"dir" or "path", "count"}. */
static void ct_dpath_fill(struct ct_dkeys *k, const cJSON *proc, size_t irun, const char *arg)
{
	const cJSON *p;
	const char *key;

	cJSON_ArrayForEach(p, ct_rget(ct_rget(proc, "paths"), arg)) {
		key = ct_rstr(p, "dir") ? ct_rstr(p, "dir") : ct_rstr(p, "path");
		if (key)
			ct_dkeys_add(k, key, p, irun, ct_dnum(p, "count"));
	}
}

static cJSON *ct_dpath_row(const struct ct_dent *e)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddStringToObject(o, "path", e->key);
	return o;
}

/* A count changed: significantly between series, at all between single runs. */
static int ct_dcount_changed(const struct ct_dctx *c, const struct ct_dcmp *cmp)
{
	if (c->cmp[0].n > 1 && c->cmp[1].n > 1)
		return cmp->significant;
	return cmp->change != 0 && !isnan(cmp->change);
}

/* A kind's columns compared (k: each column's tables); 1 when they are
 * all in both runs and a count changed or a time did significantly. */
static int ct_dcall_cmp(const struct ct_dctx *c, struct ct_dkeys k[CT_FS_N][2], const char *key,
			struct ct_dcmp cmp[CT_FS_N])
{
	const struct ct_dent *a, *b;
	size_t w;
	int changed = 0;

	for (w = 0; w < CT_FS_N; w++) {
		a = ct_dkeys_get(&k[w][0], key);
		if (!a || !(b = ct_dkeys_get(&k[w][1], key)))
			return 0;
		ct_dcompare_c(c, a->v, b->v, ct_col_dunit(&ct_cols_fs.cols[w]), &cmp[w]);
		changed |= ct_cols_fs.cols[w].unit == CT_CU_NS ? cmp[w].significant :
			   ct_dcount_changed(c, &cmp[w]);
	}
	return changed;
}

/* One row per kind whose count or errors changed, or whose time did
 * significantly: the kind, then each column (cols_fs.c) compared under
 * its ct_col_dkey. */
static cJSON *ct_dcalls(const struct ct_dctx *c)
{
	struct ct_dkeys k[CT_FS_N][2];
	struct ct_dcmp cmp[CT_FS_N];
	const char *key;
	char dkey[64];
	cJSON *arr = cJSON_CreateArray(), *o;
	size_t i, w;

	for (w = 0; w < CT_FS_N; w++)
		ct_dkeys_build(c, k[w], ct_dcall_fill, ct_cols_fs.cols[w].key);
	for (i = 0; i < k[0][0].n; i++) {
		key = k[0][0].all[i]->key;
		if (!ct_dcall_cmp(c, k, key, cmp))
			continue;
		o = cJSON_CreateObject();
		cJSON_AddStringToObject(o, "kind", key);
		for (w = 0; w < CT_FS_N; w++)
			ct_add_item(o, ct_col_dkey(dkey, sizeof(dkey), &ct_cols_fs.cols[w]),
				    ct_dcmp_json(&cmp[w], ct_col_dunit(&ct_cols_fs.cols[w])));
		cJSON_AddItemToArray(arr, o);
	}
	for (w = 0; w < CT_FS_N; w++)
		ct_dkeys_free2(k[w]);
	return arr;
}

cJSON *ct_dsec_fs(const struct ct_dctx *c)
{
	struct ct_dkeys k[2];
	cJSON *o = cJSON_CreateObject();

	ct_add_item(o, "calls", ct_dcalls(c));
	ct_dkeys_build(c, k, ct_dpath_fill, "failed_lookup_dirs");
	ct_add_item(o, "failed_lookup_dirs", ct_dkeys_grown(k, "dir"));
	ct_dkeys_free2(k);
	ct_dkeys_build(c, k, ct_dpath_fill, "opened");
	ct_add_item(o, "opened_added", ct_dkeys_only(&k[1], &k[0], ct_dpath_row));
	ct_add_item(o, "opened_removed", ct_dkeys_only(&k[0], &k[1], ct_dpath_row));
	ct_dkeys_free2(k);
	return o;
}

static void ct_dshow_call(FILE *out, const cJSON *row)
{
	const cJSON *n = ct_rget(row, "count"), *e = ct_rget(row, "errors"), *t = ct_rget(row, "time");
	char ta[32], tb[32];

	ct_fmt_value(ta, sizeof(ta), ct_dnum(t, "a"), "ns", 0);
	ct_fmt_value(tb, sizeof(tb), ct_dnum(t, "b"), "ns", 0);
	fprintf(out, "    %-12s calls %6.0f -> %-6.0f errors %5.0f -> %-5.0f time %8s -> %-8s%s\n",
		ct_rstr(row, "kind"), ct_dnum(n, "a"), ct_dnum(n, "b"), ct_dnum(e, "a"),
		ct_dnum(e, "b"), ta, tb, cJSON_IsTrue(ct_rget(t, "significant")) ? " significant" : "");
}

static void ct_dshow_grown(FILE *out, const cJSON *row)
{
	char p[80];
	const char *key = ct_rstr(row, "dir") ? ct_rstr(row, "dir") : ct_rstr(row, "creator");

	fprintf(out, "    %-78s %5.0f -> %.0f\n", ct_fmt_cut(p, sizeof(p), key ? key : "?", 78),
		ct_dnum(row, "a"), ct_dnum(row, "b"));
}

static void ct_dshow_path(FILE *out, const cJSON *row)
{
	char p[100];

	fprintf(out, "    %s\n", ct_fmt_cut(p, sizeof(p), ct_rstr(row, "path"), 94));
}

void ct_dshow_fs(FILE *out, const cJSON *s)
{
	int n = 0;

	ct_fmt_heading(out, "File system and calls", "summed over every process");
	n += ct_dshow_list(out, "call kinds that changed", ct_rget(s, "calls"), ct_dshow_call);
	n += ct_dshow_list(out, "failed-lookup directories added or grown",
			   ct_rget(s, "failed_lookup_dirs"), ct_dshow_grown);
	n += ct_dshow_list(out, "files opened only in B", ct_rget(s, "opened_added"),
			   ct_dshow_path);
	n += ct_dshow_list(out, "files opened only in A", ct_rget(s, "opened_removed"),
			   ct_dshow_path);
	ct_dshow_none(out, n);
}

/* A child by its argv (as JSON text: ["/sbin/ldconfig","-p"]). */
static void ct_dchild_add(struct ct_dkeys *k, const cJSON *item, const cJSON *argv, size_t irun)
{
	char *key = argv ? cJSON_PrintUnformatted(argv) : NULL;

	if (key)
		ct_dkeys_add(k, key, item, irun, 1);
	cJSON_free(key);
}

/* Per image: "images" (1, and 1 per program it or a vfork child of it
 * exec'd without a log: report_count.c's count) and "threads"; the
 * children by argv, an untraced program among them. */
static void ct_dproc_fill(struct ct_dkeys *k, const cJSON *proc, size_t irun, const char *arg)
{
	const cJSON *ch, *un = ct_runtraced(proc);
	int untraced = un != NULL;

	cJSON_ArrayForEach(ch, ct_rget(proc, "children"))
		untraced += ct_runtraced(ch) != NULL;
	if (!strcmp(arg, "counts")) {
		ct_dkeys_add(k, "images", proc, irun, 1 + untraced);
		ct_dkeys_add(k, "threads", proc, irun,
			     cJSON_GetArraySize(ct_rget(proc, "threads")));
		return;
	}
	if (!cJSON_IsNull(ct_rget(proc, "parent"))) {   /* a child, or a program a child exec'd */
		ct_dchild_add(k, proc, ct_rget(proc, "argv"), irun);
		if (un)
			ct_dchild_add(k, un, ct_rget(un, "argv"), irun);
	}
	cJSON_ArrayForEach(ch, ct_rget(proc, "children"))
		if ((un = ct_runtraced(ch)))
			ct_dchild_add(k, un, ct_rget(un, "argv"), irun);
}

/* Threads by the code that runs them ("libopenblas.so.0 blas_thread_server",
 * the offsets left out): addresses move between runs, symbols do not. */
static void ct_dthread_fill(struct ct_dkeys *k, const cJSON *proc, size_t irun, const char *arg)
{
	const cJSON *t;
	const char *r;
	char key[512];
	size_t n;

	(void)arg;
	cJSON_ArrayForEach(t, ct_rget(proc, "threads")) {
		if (cJSON_IsNull(ct_rget(t, "creator")) || !ct_rget(t, "creator"))
			continue;
		r = ct_rstr(t, "start_routine") ? ct_rstr(t, "start_routine") : "(unknown)";
		for (n = 0; *r && n + 1 < sizeof(key); r++) {
			if (r[0] == '+' && r[1] == '0' && r[2] == 'x')
				for (r += 2; r[1] && strchr("0123456789abcdefABCDEF", r[1]); r++)
					;
			else
				key[n++] = *r;
		}
		key[n] = '\0';
		ct_dkeys_add(k, key, t, irun, 1);
	}
}

static cJSON *ct_dchild_row(const struct ct_dent *e)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddStringToObject(o, "argv", e->key);
	return o;
}

static void ct_dcount_row(cJSON *o, const struct ct_dctx *c, const struct ct_dkeys k[2],
			  const char *key)
{
	const struct ct_dent *a = ct_dkeys_get(&k[0], key), *b = ct_dkeys_get(&k[1], key);
	struct ct_dcmp cmp;

	if (!a || !b)
		return;
	ct_dcompare_c(c, a->v, b->v, "count", &cmp);
	ct_add_item(o, key, ct_dcmp_json(&cmp, "count"));
}

cJSON *ct_dsec_procs(const struct ct_dctx *c)
{
	struct ct_dkeys k[2];
	cJSON *o = cJSON_CreateObject();

	ct_dkeys_build(c, k, ct_dproc_fill, "counts");
	ct_dcount_row(o, c, k, "images");
	ct_dcount_row(o, c, k, "threads");
	ct_dkeys_free2(k);
	ct_dkeys_build(c, k, ct_dproc_fill, "children");
	ct_add_item(o, "children_added", ct_dkeys_only(&k[1], &k[0], ct_dchild_row));
	ct_add_item(o, "children_removed", ct_dkeys_only(&k[0], &k[1], ct_dchild_row));
	ct_dkeys_free2(k);
	ct_dkeys_build(c, k, ct_dthread_fill, NULL);
	ct_add_item(o, "thread_creators", ct_dkeys_grown(k, "creator"));
	ct_dkeys_free2(k);
	return o;
}

static void ct_dshow_child(FILE *out, const cJSON *row)
{
	char p[100];

	fprintf(out, "    %s\n", ct_fmt_cut(p, sizeof(p), ct_rstr(row, "argv"), 94));
}

void ct_dshow_procs(FILE *out, const cJSON *s)
{
	ct_fmt_heading(out, "Processes and threads", "images: one per process and exec");
	if (ct_rget(s, "images"))
		ct_dshow_cmp(out, "process images", ct_rget(s, "images"));
	if (ct_rget(s, "threads"))
		ct_dshow_cmp(out, "threads", ct_rget(s, "threads"));
	ct_dshow_list(out, "children only in B (argv)", ct_rget(s, "children_added"),
		      ct_dshow_child);
	ct_dshow_list(out, "children only in A (argv)", ct_rget(s, "children_removed"),
		      ct_dshow_child);
	ct_dshow_list(out, "thread start routines added or grown", ct_rget(s, "thread_creators"),
		      ct_dshow_grown);
}
