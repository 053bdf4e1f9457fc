/*
 * diff_gate.c -- `--fail-if EXPR`: a gate for CI on the diff's own JSON.
 *
 * EXPR is METRIC OP VALUE (docs/diff.md has the grammar): a set count
 * (libraries.added > 0), the CUDA verdict (cuda.verdict != same), or a
 * compared number (wall > +10%, rss > +20MiB, import:torch.self > +15%),
 * whose change B - A is tested.  Between series a compared number fails
 * only on a significant change.  Never: a gate that silently passes
 * because it names nothing -- an unknown metric or a malformed expression
 * is one line and status 2.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lib/fmt.h"
#include "lib/json.h"
#include "lib/msg.h"
#include "diff.h"

struct ct_dgate {
	char metric[256];
	char op[3];
	double value;
	int rel;                /* VALUE ended in % */
	const char *unit;       /* "ns", "bytes" or NULL: the VALUE's unit */
	int same;               /* VALUE was "same" */
};

static const struct { const char *suffix, *unit; double scale; } ct_dunits[] = {
	{ "ns", "ns", 1 }, { "us", "ns", 1e3 }, { "ms", "ns", 1e6 }, { "s", "ns", 1e9 },
	{ "B", "bytes", 1 }, { "KiB", "bytes", 1024 }, { "MiB", "bytes", 1048576 },
	{ "GiB", "bytes", 1073741824 },
};

/* The set counts a gate may name: the summary's keys. */
static const char *const ct_dcounts[] = { "libraries.added", "libraries.removed",
	"libraries.moved", "imports.added", "imports.removed", "files.added", "files.removed",
	"children.added", "children.removed", "dlopen_failures.added", "dlopen_failures.removed" };

static const char *const ct_dnumbers[] = { "wall", "user", "sys", "first_stdout", "ready", "rss",
	"rss_anon", "rss_file", "major_faults", "read_bytes", "images", "threads" };

static int ct_din(const char *s, const char *const *list, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(s, list[i]))
			return 1;
	return 0;
}

static int ct_dmetric_known(const char *m)
{
	const char *dot = strrchr(m, '.');

	return ct_din(m, ct_dcounts, sizeof(ct_dcounts) / sizeof(ct_dcounts[0])) ||
	       ct_din(m, ct_dnumbers, sizeof(ct_dnumbers) / sizeof(ct_dnumbers[0])) ||
	       !strcmp(m, "cuda.verdict") || (!strncmp(m, "time.", 5) && m[5]) ||
	       (!strncmp(m, "import:", 7) && dot && dot > m + 7 &&
		(!strcmp(dot, ".self") || !strcmp(dot, ".cumulative")));
}

static int ct_dvalue(const char *s, struct ct_dgate *g)
{
	char *end;
	size_t i;

	if (!strcmp(s, "same"))
		return g->same = 1, 0;
	g->value = strtod(s, &end);
	if (end == s || isnan(g->value) || isinf(g->value))
		return -1;
	if (!strcmp(end, "%"))
		return g->rel = 1, 0;
	for (i = 0; *end && i < sizeof(ct_dunits) / sizeof(ct_dunits[0]); i++)
		if (!strcmp(end, ct_dunits[i].suffix)) {
			g->value *= ct_dunits[i].scale;
			g->unit = ct_dunits[i].unit;
			return 0;
		}
	return *end ? -1 : 0;
}

static int ct_dgate_split(const char *expr, struct ct_dgate *g)
{
	size_t len = strcspn(expr, "<>=!");

	memset(g, 0, sizeof(*g));
	if (!len || len >= sizeof(g->metric) || !expr[len])
		goto bad;
	memcpy(g->metric, expr, len);
	g->op[0] = expr[len];
	if (expr[len + 1] == '=')
		g->op[1] = '=';
	if ((g->op[0] == '!' || g->op[0] == '=') && g->op[1] != '=')
		goto bad;
	if (ct_dvalue(expr + len + strlen(g->op), g) < 0)
		goto bad;
	if (!ct_dmetric_known(g->metric)) {
		ct_msg("--fail-if '%s': unknown metric '%s' (see docs/diff.md)", expr, g->metric);
		return 2;
	}
	if (g->same != !strcmp(g->metric, "cuda.verdict") ||
	    (g->same && strcmp(g->op, "==") && strcmp(g->op, "!=")))
		goto bad;
	return 0;
bad:
	ct_usage_error("e.g. --fail-if 'wall>+10%' --fail-if libraries.added>0 "
		       "--fail-if cuda.verdict!=same", "--fail-if '%s': not METRIC OP VALUE", expr);
	return 2;
}

int ct_dgate_parse(const char *expr)
{
	struct ct_dgate g;

	return ct_dgate_split(expr, &g);
}

static int ct_dholds(double x, const char *op, double v)
{
	if (!strcmp(op, ">"))
		return x > v;
	if (!strcmp(op, ">="))
		return x >= v;
	if (!strcmp(op, "<"))
		return x < v;
	if (!strcmp(op, "<="))
		return x <= v;
	if (!strcmp(op, "=="))
		return x == v;
	return x != v;
}

/* The compared number a metric names, from the document (or the records
 * for one import); NULL when neither side has it. */
static cJSON *ct_dgate_cmp(const struct ct_dctx *c, const cJSON *doc, const char *m)
{
	const cJSON *row;
	struct ct_dcmp cmp;
	char mod[256];
	const char *dot = strrchr(m, '.');

	if (!strncmp(m, "import:", 7)) {
		snprintf(mod, sizeof(mod), "%.*s", (int)(dot - m - 7), m + 7);
		return ct_dimport_cmp(c, mod, !strcmp(dot, ".cumulative"), &cmp) ? NULL :
		       ct_dcmp_json(&cmp, "ns");
	}
	if ((row = ct_rget(ct_rget(doc, "processes"), m)))
		return cJSON_Duplicate(row, 1);
	cJSON_ArrayForEach(row, ct_rget(ct_rget(doc, "headline"), "metrics"))
		if (ct_dstreq(ct_rstr(row, "metric"), m))
			return cJSON_Duplicate(row, 1);
	return NULL;
}

/* 1 failed, 0 passed, -1 after one line (nothing to test, or a unit that
 * does not fit the metric). */
static int ct_dgate_number(const struct ct_dctx *c, const struct ct_dgate *g, cJSON *cmp,
			   const char *expr)
{
	const char *unit = ct_rstr(cmp, "unit");
	double x = g->rel ? ct_dnum(cmp, "rel") * 100 : ct_dnum(cmp, "change"), v = g->value;
	int series = c->s[0].n > 1 && c->s[1].n > 1;

	if (g->unit && !ct_dstreq(g->unit, unit)) {
		ct_msg("--fail-if '%s': %s is %s, not %s", expr, g->metric,
		       ct_dstreq(unit, "ns") ? "a time" : ct_dstreq(unit, "bytes") ? "a size" :
		       "a count", !strcmp(g->unit, "ns") ? "a time" : "a size");
		return -1;
	}
	if (!g->unit && !g->rel && ct_dstreq(unit, "ns"))
		v *= 1e6;  /* a plain number of a time is ms */
	if (isnan(x))
		return 0;
	return ct_dholds(x, g->op, v) && (!series || cJSON_IsTrue(ct_rget(cmp, "significant")));
}

static cJSON *ct_dgate_one(const struct ct_dctx *c, const cJSON *doc, const char *expr,
			   int *failed)
{
	const cJSON *sum = ct_rget(doc, "summary"), *cuda = ct_rget(sum, "cuda");
	struct ct_dgate g;
	cJSON *o = cJSON_CreateObject(), *cmp = NULL;
	int f = 0;

	ct_dgate_split(expr, &g);
	cJSON_AddStringToObject(o, "expr", expr);
	if (g.same) {
		f = ct_dholds(cJSON_IsTrue(ct_rget(cuda, "changed")) ? 0 : 1, g.op, 1);
		cJSON_AddItemReferenceToObject(o, "value", (cJSON *)cuda);
	} else if (ct_din(g.metric, ct_dcounts, sizeof(ct_dcounts) / sizeof(ct_dcounts[0]))) {
		f = ct_dholds(ct_dpath(ct_rget(sum, "sets"), g.metric), g.op, g.value);
		cJSON_AddNumberToObject(o, "value", ct_dpath(ct_rget(sum, "sets"), g.metric));
	} else if (!(cmp = ct_dgate_cmp(c, doc, g.metric))) {
		ct_msg("--fail-if '%s': neither side has a value of %s", expr, g.metric);
		f = -1;
	} else {
		f = ct_dgate_number(c, &g, cmp, expr);
		cJSON_AddItemToObject(o, "value", cmp);
	}
	ct_add_bool(o, "failed", f > 0);
	*failed = f < 0 ? -1 : *failed < 0 ? -1 : *failed || f > 0;
	return o;
}

cJSON *ct_dgate_check(const struct ct_dctx *c, const cJSON *doc, int *failed)
{
	cJSON *arr = cJSON_CreateArray();
	size_t i;

	*failed = 0;
	for (i = 0; i < c->o->ngates && *failed >= 0; i++)
		ct_push(arr, ct_dgate_one(c, doc, c->o->gates[i], failed));
	if (*failed < 0) {
		cJSON_Delete(arr);
		return NULL;
	}
	return arr;
}

void ct_dshow_gates(FILE *out, const cJSON *s)
{
	const cJSON *g, *v;
	char a[32];

	if (!cJSON_GetArraySize(s))
		return;
	ct_fmt_heading(out, "Gates", "--fail-if");
	cJSON_ArrayForEach(g, s) {
		v = ct_rget(g, "value");
		if (cJSON_IsNumber(v))
			snprintf(a, sizeof(a), "%.0f", v->valuedouble);
		else if (ct_rget(v, "change"))
			ct_fmt_value(a, sizeof(a), ct_dnum(v, "change"), ct_rstr(v, "unit"), 1);
		else
			snprintf(a, sizeof(a), "%s -> %s", ct_rstr(v, "a"), ct_rstr(v, "b"));
		fprintf(out, "  %-6s %s  (%s%s)\n", cJSON_IsTrue(ct_rget(g, "failed")) ? "FAILED" :
			"passed", ct_rstr(g, "expr"), a,
			cJSON_IsTrue(ct_rget(v, "significant")) ? ", significant" : "");
	}
}
