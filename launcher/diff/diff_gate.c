/*
 * diff_gate.c -- `--fail-if EXPR`: a gate for CI on the diff's own JSON.
 *
 * EXPR is METRIC OP VALUE (docs/diff.md has the grammar): a set count
 * (libraries.added > 0), the CUDA verdict (cuda.verdict != same), or a
 * compared number (wall > +10%, rss > +20MiB, import:torch.self > +15%),
 * whose change B - A is tested; blanks around the parts are allowed.
 * Between series a compared number fails only on a significant change;
 * compared group by group (cold, warm) it fails when a group's does.  A
 * number one side lacks names that side.  Never: a gate that silently passes
 * because it names nothing -- an unknown metric or a malformed expression
 * is one line and status 2.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cmds.h"
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
		ct_dimport_col(dot + 1));
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

/* expr without its blanks ("wall > +10%" -> "wall>+10%") into buf. */
static void ct_dgate_compact(const char *expr, char *buf, size_t n)
{
	size_t k = 0;

	for (; *expr && k + 1 < n; expr++)
		if (*expr != ' ' && *expr != '\t')
			buf[k++] = *expr;
	buf[k] = '\0';
}

static int ct_dgate_split(const char *expr, struct ct_dgate *g)
{
	char e[512];
	size_t len;

	memset(g, 0, sizeof(*g));
	ct_dgate_compact(expr, e, sizeof(e));
	len = strcspn(e, "<>=!");
	if (!len || len >= sizeof(g->metric) || !e[len])
		goto bad;
	memcpy(g->metric, e, len);
	g->op[0] = e[len];
	if (e[len + 1] == '=')
		g->op[1] = '=';
	if ((g->op[0] == '!' || g->op[0] == '=') && g->op[1] != '=')
		goto bad;
	if (ct_dvalue(e + len + strlen(g->op), g) < 0)
		goto bad;
	if (!ct_dmetric_known(g->metric)) {
		ct_msg("--fail-if '%s': unknown metric '%s' (see docs/diff.md)", expr, g->metric);
		return CT_STATUS_USAGE;
	}
	if (g->same != !strcmp(g->metric, "cuda.verdict") ||
	    (g->same && strcmp(g->op, "==") && strcmp(g->op, "!=")))
		goto bad;
	return 0;
bad:
	ct_usage_error("e.g. --fail-if 'wall > +10%' --fail-if libraries.added>0 "
		       "--fail-if cuda.verdict!=same", "--fail-if '%s': not METRIC OP VALUE", expr);
	return CT_STATUS_USAGE;
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

/* Which sides lack row's number: 1 A, 2 B, 3 both. */
static int ct_dmissing(const cJSON *row)
{
	return (cJSON_IsNumber(ct_rget(row, "a")) ? 0 : 1) | (cJSON_IsNumber(ct_rget(row, "b")) ? 0 : 2);
}

/* The compared numbers a metric names (one per group pair), from the
 * document (or the records for one import), each known on both sides;
 * *missing: the sides that lack it (1 A, 2 B, 3 both) when none is. */
static cJSON *ct_dgate_cmps(const struct ct_dctx *c, const cJSON *doc, const char *m,
			    int *missing)
{
	cJSON *arr = cJSON_CreateArray();
	const cJSON *row;
	struct ct_dcmp cmp;
	char mod[256];
	const char *dot = strrchr(m, '.');

	*missing = 3;
	if (!strncmp(m, "import:", 7)) {
		snprintf(mod, sizeof(mod), "%.*s", (int)(dot - m - 7), m + 7);
		if (!(*missing = ct_dimport_cmp(c, mod, dot + 1, &cmp)))
			ct_push(arr, ct_dcmp_json(&cmp, ct_col_dunit(ct_dimport_col(dot + 1))));
		return arr;
	}
	if ((row = ct_rget(ct_rget(doc, "processes"), m)) && !(*missing = ct_dmissing(row)))
		ct_push(arr, cJSON_Duplicate(row, 1));
	cJSON_ArrayForEach(row, ct_rget(ct_rget(doc, "headline"), "metrics"))
		if (ct_dstreq(ct_rstr(row, "metric"), m)) {
			if (!ct_dmissing(row))
				ct_push(arr, cJSON_Duplicate(row, 1));
			*missing &= ct_dmissing(row);
		}
	if (cJSON_GetArraySize(arr))
		*missing = 0;
	return arr;
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

/* A compared number's gate over its rows (one per group): 1 when one
 * failed (that row becomes the value), 0, or -1 after one line. */
static int ct_dgate_rows(const struct ct_dctx *c, const struct ct_dgate *g, const cJSON *doc,
			 const char *expr, cJSON *o)
{
	static const char *const lack[] = { "", "A has no value", "B has no value",
					    "neither side has a value" };
	int missing, f = 0, one;
	cJSON *rows = ct_dgate_cmps(c, doc, g->metric, &missing), *row, *value = NULL;

	if (missing) {
		ct_msg("--fail-if '%s': %s for %s", expr, lack[missing], g->metric);
		cJSON_Delete(rows);
		return -1;
	}
	cJSON_ArrayForEach(row, rows) {
		if ((one = ct_dgate_number(c, g, row, expr)) < 0) {
			f = -1;
			break;
		}
		if (!value || (one > 0 && !f))
			value = row;
		f |= one;
	}
	if (f >= 0 && value)
		cJSON_AddItemToObject(o, "value", cJSON_Duplicate(value, 1));
	cJSON_Delete(rows);
	return f;
}

static cJSON *ct_dgate_one(const struct ct_dctx *c, const cJSON *doc, const char *expr,
			   int *failed)
{
	const cJSON *sum = ct_rget(doc, "summary"), *cuda = ct_rget(sum, "cuda");
	struct ct_dgate g;
	cJSON *o = cJSON_CreateObject();
	int f;

	ct_dgate_split(expr, &g);
	cJSON_AddStringToObject(o, "expr", expr);
	if (g.same) {
		f = ct_dholds(cJSON_IsTrue(ct_rget(cuda, "changed")) ? 0 : 1, g.op, 1);
		cJSON_AddItemReferenceToObject(o, "value", (cJSON *)cuda);
	} else if (ct_din(g.metric, ct_dcounts, sizeof(ct_dcounts) / sizeof(ct_dcounts[0]))) {
		f = ct_dholds(ct_dpath(ct_rget(sum, "sets"), g.metric), g.op, g.value);
		cJSON_AddNumberToObject(o, "value", ct_dpath(ct_rget(sum, "sets"), g.metric));
	} else {
		f = ct_dgate_rows(c, &g, doc, expr, o);
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
