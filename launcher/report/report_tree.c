/*
 * report_tree.c -- processes and threads as a tree: each image under the
 * image that created it (fork, vfork, spawn, system) or that it replaced
 * (exec), with its columns (cols_procs.c), its threads and who created
 * them.
 *
 * Never: an image shown twice or lost -- every image is placed exactly
 * once, under its parent when that is in the record, else at the top;
 * depth is bounded so a malformed record cannot recurse without end.
 */
#include <stdlib.h>
#include <string.h>

#include "lib/fmt.h"
#include "lib/json.h"
#include "cols.h"
#include "report.h"

#define CT_TREE_DEPTH 32

static int ct_same_base(const cJSON *proc, const char *base)
{
	const char *log = ct_rstr(proc, "log");
	size_t n = base ? strlen(base) : 0;

	return log && n && !strncmp(log, base, n) && !strcmp(log + n, ".ctlog");
}

/* Index of the image i came from, or -1; *how says by what. */
static long ct_parent_of(const struct ct_rctx *c, size_t i, const char **how)
{
	const cJSON *p = c->img[i].proc, *ch, *kids;
	const char *exec_of = ct_rstr(p, "exec_of");
	int64_t parent = ct_rint(p, "parent"), start = ct_rint(p, "start_ns");
	int64_t pns = ct_rint(p, "parent_pidns"), forked = ct_rint(p, "forked_at_ns");
	long j, best = -1;

	for (j = 0; j < (long)c->nimg; j++) {
		if (exec_of && ct_same_base(c->img[j].proc, exec_of)) {
			*how = "exec";
			return j;
		}
		if (!exec_of && parent > 0 && c->img[j].pid == parent && (size_t)j != i &&
		    ct_rint(c->img[j].proc, "pidns") == pns &&
		    ct_rint(c->img[j].proc, "start_ns") <= start)
			best = j;
	}
	*how = "child";
	kids = best >= 0 ? ct_rget(c->img[best].proc, "children") : NULL;
	/* a namespace's init is in its parent's children[] under the pid the
	 * parent saw: the fork's t_ns names it */
	cJSON_ArrayForEach(ch, kids)
		if ((forked > 0 ? ct_rint(ch, "t_ns") == forked : ct_rint(ch, "pid") == c->img[i].pid) &&
		    ct_rstr(ch, "how"))
			*how = ct_rstr(ch, "how");
	if (best >= 0 && !strcmp(*how, "child") && parent > 0)
		*how = "system";   /* the only way a child's pid goes unrecorded */
	return best;
}

static cJSON *ct_threads(const struct ct_rctx *c, const cJSON *proc, int pid)
{
	static const char *const py[] = { "py_name", "py_target", "py_started_at" };
	const cJSON *t;
	cJSON *arr = cJSON_CreateArray(), *o;
	int n = 0, bad;
	size_t k;

	cJSON_ArrayForEach(t, ct_rget(proc, "threads")) {
		if (ct_rint(t, "tid") == pid || n++ >= c->o->top)
			continue;
		o = cJSON_CreateObject();
		/* || keeps the keys in order; NULL strings: null, py[]: absent */
		bad = ct_add_num(o, "tid", (double)ct_rint(t, "tid")) < 0 ||
		      ct_add_num(o, "creator", (double)ct_rint(t, "creator")) < 0 ||
		      ct_add_str(o, "start_routine", ct_rstr(t, "start_routine")) < 0 ||
		      ct_add_num(o, "life_ns", (double)(ct_rint(t, "end_ns") - ct_rint(t, "start_ns"))) < 0 ||
		      ct_add_str(o, "import", ct_rstr(t, "import")) < 0;
		for (k = 0; !bad && k < sizeof(py) / sizeof(py[0]); k++)
			if (ct_rstr(t, py[k]))
				bad = ct_add_str(o, py[k], ct_rstr(t, py[k])) < 0;
		if (bad)
			cJSON_Delete(o);
		else
			ct_push(arr, o);   /* deletes o when it fails */
	}
	return arr;
}

/* The program an image (or a vfork child, how "vfork") exec'd that left
 * no log (static, setuid, ...): it ran, untraced; a leaf with its argv and
 * why. */
static cJSON *ct_untraced_node(const cJSON *p, int64_t pid, const char *how)
{
	const cJSON *last = ct_runtraced(p);
	cJSON *o;
	char argv[1024];

	if (!last)
		return NULL;
	ct_rjoin_argv(ct_rget(last, "argv"), argv, sizeof(argv));
	o = cJSON_CreateObject();
	ct_add_str(o, "how", how);
	ct_add_num(o, "pid", (double)pid);
	ct_add_str(o, "process", argv);
	ct_add_str(o, "untraced", ct_rstr(last, "untraced") ? ct_rstr(last, "untraced")
								  : "no log");
	cJSON_AddArrayToObject(o, "children");
	return o;
}

static cJSON *ct_node(const struct ct_rctx *c, size_t i, const char *how, const long *par,
		      const char **hows, int depth)
{
	const cJSON *p = c->img[i].proc, *ex = ct_rget(p, "exit"), *ch;
	const struct ct_col *col;
	cJSON *o = cJSON_CreateObject(), *kids, *un;
	size_t j;

	ct_add_str(o, "how", how);
	ct_add_num(o, "pid", c->img[i].pid);
	ct_add_str(o, "process", ct_rimage_name(p));
	ct_add_item(o, "exit", cJSON_Duplicate(ex, 1));
	for (col = ct_cols_procs.cols; col < ct_cols_procs.cols + ct_cols_procs.n; col++)
		ct_add_item(o, col->id, ct_col_json(p, col));
	ct_add_item(o, "threads", ct_threads(c, p, c->img[i].pid));
	kids = cJSON_AddArrayToObject(o, "children");
	for (j = 0; depth < CT_TREE_DEPTH && j < c->nimg; j++)
		if (par[j] == (long)i)
			ct_push(kids, ct_node(c, j, hows[j], par, hows, depth + 1));
	if ((un = ct_untraced_node(p, c->img[i].pid, "exec")))
		ct_push(kids, un);
	cJSON_ArrayForEach(ch, ct_rget(p, "children"))
		if ((un = ct_untraced_node(ch, ct_rint(ch, "pid"), "vfork")))
			ct_push(kids, un);
	return o;
}

cJSON *ct_rsec_tree(const struct ct_rctx *c)
{
	long *par = calloc(c->nimg + 1, sizeof(*par));
	const char **hows = calloc(c->nimg + 1, sizeof(*hows));
	cJSON *arr = cJSON_CreateArray();
	size_t i;

	for (i = 0; par && hows && i < c->nimg; i++)
		par[i] = ct_parent_of(c, i, &hows[i]);
	for (i = 0; par && hows && i < c->nimg; i++)
		if (par[i] < 0)
			ct_push(arr, ct_node(c, i, "root", par, hows, 0));
	free(par);
	free(hows);
	return arr;
}

static void ct_exit_text(const cJSON *ex, char *buf, size_t n)
{
	const char *how = ct_rstr(ex, "how");
	char sig[32];

	if (!how)
		snprintf(buf, n, "no exit seen");
	else if (!strcmp(how, "signal"))
		snprintf(buf, n, "killed by %s",
			 ct_fmt_signal(sig, sizeof(sig), (long long)ct_rint(ex, "signal")));
	else if (!strcmp(how, "exec"))
		snprintf(buf, n, "replaced by exec");
	else
		snprintf(buf, n, "%s %lld", how, (long long)ct_rint(ex, "status"));
}

static void ct_show_threads(FILE *out, const cJSON *node, int ind)
{
	const cJSON *t;
	char ms[32], line[1400], py[1100];

	cJSON_ArrayForEach(t, ct_rget(node, "threads")) {
		/* a Python thread by its name and the line that started it */
		if (ct_rstr(t, "py_target") || ct_rstr(t, "py_started_at"))
			snprintf(py, sizeof(py), "%s%s%s (%s, started at %s)",
				 ct_rstr(t, "py_name") ? ct_rstr(t, "py_name") : "",
				 ct_rstr(t, "py_name") ? " " : "",
				 ct_rstr(t, "py_target") ? ct_rstr(t, "py_target") : "?",
				 ct_rstr(t, "start_routine") ? ct_rstr(t, "start_routine") : "?",
				 ct_rstr(t, "py_started_at") ? ct_rstr(t, "py_started_at") : "?");
		else
			snprintf(py, sizeof(py), "%s",
				 ct_rstr(t, "start_routine") ? ct_rstr(t, "start_routine") : "?");
		snprintf(line, sizeof(line), "thread  tid %lld by %lld at %s, %s%s%s",
			 (long long)ct_rint(t, "tid"), (long long)ct_rint(t, "creator"), py,
			 ct_fmt_ms(ms, sizeof(ms), ct_rint(t, "life_ns")),
			 ct_rstr(t, "import") ? ", during import " : "",
			 ct_rstr(t, "import") ? ct_rstr(t, "import") : "");
		ct_fmt_wrap(out, ind, line);
	}
}

/* The node's text columns (cols_procs.c) after its exit in line (of n),
 * each ", value" and, for a column with a header, that noun after it
 * (plural unless the value is 1). */
static void ct_node_cols(char *line, size_t n, const cJSON *node)
{
	const struct ct_col *col;
	const char *noun;
	size_t len = strlen(line);
	char cell[64];
	int at;

	for (at = 1; len < n && (col = ct_col_at(&ct_cols_procs, CT_CV_TEXT, at)); at++) {
		noun = col->header;
		ct_col_text(cell, sizeof(cell), node, col);
		len += (size_t)snprintf(line + len, n - len, ", %s%s%s%s", cell, noun ? " " : "",
					noun ? noun : "",
					noun && ct_rint(node, col->id) != 1 ? "s" : "");
	}
}

static void ct_show_node(FILE *out, const cJSON *node, int ind)
{
	const cJSON *k;
	char ex[64], line[1400];
	int shown = cJSON_GetArraySize(ct_rget(node, "threads"));
	int64_t nthr = ct_rint(node, "thread_count");

	if (ct_rstr(node, "untraced")) {
		snprintf(line, sizeof(line), "%-7s pid %lld %s: ran untraced: %s", ct_rstr(node, "how"),
			 (long long)ct_rint(node, "pid"), ct_rstr(node, "process"),
			 ct_rstr(node, "untraced"));
		ct_fmt_wrap(out, ind, line);
		return;
	}
	ct_exit_text(ct_rget(node, "exit"), ex, sizeof(ex));
	snprintf(line, sizeof(line), "%-7s pid %lld %s: %s", ct_rstr(node, "how"),
		 (long long)ct_rint(node, "pid"), ct_rstr(node, "process"), ex);
	ct_node_cols(line, sizeof(line), node);
	ct_fmt_wrap(out, ind, line);
	ct_show_threads(out, node, ind + 2);
	if (nthr - 1 > shown)
		fprintf(out, "%*s... %lld more threads (--top)\n", ind + 2, "",
			(long long)(nthr - 1 - shown));
	cJSON_ArrayForEach(k, ct_rget(node, "children"))
		ct_show_node(out, k, ind < 40 ? ind + 2 : ind);
}

void ct_rshow_tree(FILE *out, const cJSON *s, const struct ct_rctx *c)
{
	const cJSON *n;

	(void)c;
	ct_fmt_heading(out, "Processes and threads", "who created whom");
	cJSON_ArrayForEach(n, s)
		ct_show_node(out, n, 2);
}
