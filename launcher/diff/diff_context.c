/*
 * diff_context.c -- the CUDA verdict and its libraries, and the context:
 * what differs in the exit, host, Python, interpreter, command and the
 * environment that steers loading, so a difference the environment
 * explains is seen as such.  A series is represented by its first run here (its runs share
 * one command and host).
 */
#include <string.h>

#include "lib/fmt.h"
#include "lib/json.h"
#include "diff.h"

static void ct_dverdict(const cJSON *rec, char *buf, size_t n)
{
	const char *v = ct_rstr(ct_rget(rec, "cuda"), "verdict");

	snprintf(buf, n, "%s", v ? v : "unknown");
}

static void ct_dexit(const cJSON *rec, char *buf, size_t n)
{
	const cJSON *e = ct_rget(rec, "exit");

	if (cJSON_IsNumber(ct_rget(e, "signal")))
		snprintf(buf, n, "signal %.0f", ct_dnum(e, "signal"));
	else if (cJSON_IsNumber(ct_rget(e, "code")))
		snprintf(buf, n, "code %.0f", ct_dnum(e, "code"));
	else
		snprintf(buf, n, "unknown");
}

/* A fact of a side's runs: "x", or "x/y" when its runs disagree. */
static void ct_dside_fact(const struct ct_dside *s, void (*get)(const cJSON *, char *, size_t),
			  char *buf, size_t n)
{
	char v[64];
	size_t r;

	buf[0] = '\0';
	for (r = 0; r < s->n; r++) {
		get(s->run[r].rec, v, sizeof(v));
		if (!strstr(buf, v))
			snprintf(buf + strlen(buf), n - strlen(buf), "%s%s", buf[0] ? "/" : "", v);
	}
}

static void ct_dcuda_fill(struct ct_dkeys *k, const cJSON *proc, size_t irun, const char *arg)
{
	const cJSON *lib;
	const char *key;

	(void)arg;
	cJSON_ArrayForEach(lib, ct_rget(proc, "libraries")) {
		key = ct_rstr(lib, "soname") ? ct_rstr(lib, "soname") : ct_rstr(lib, "path");
		if (key && ct_rstr(lib, "cuda") && !cJSON_IsTrue(ct_rget(lib, "own")))
			ct_dkeys_add(k, key, lib, irun, 1);
	}
}

static cJSON *ct_dcuda_row(const struct ct_dent *e)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddStringToObject(o, "key", e->key);
	ct_add_str(o, "path", ct_rstr(e->item, "path"));
	ct_add_str(o, "class", ct_rstr(e->item, "cuda"));
	return o;
}

cJSON *ct_dsec_cuda(const struct ct_dctx *c)
{
	char va[128], vb[128];
	struct ct_dkeys k[2];
	cJSON *o = cJSON_CreateObject();

	ct_dside_fact(&c->s[0], ct_dverdict, va, sizeof(va));
	ct_dside_fact(&c->s[1], ct_dverdict, vb, sizeof(vb));
	ct_add_item(o, "verdict", ct_dpair(va, vb));
	ct_add_bool(o, "changed", strcmp(va, vb) != 0);
	ct_dkeys_build(c, k, ct_dcuda_fill, NULL);
	ct_add_item(o, "libraries_added", ct_dkeys_only(&k[1], &k[0], ct_dcuda_row));
	ct_add_item(o, "libraries_removed", ct_dkeys_only(&k[0], &k[1], ct_dcuda_row));
	ct_dkeys_free2(k);
	return o;
}

static void ct_dshow_cudalib(FILE *out, const cJSON *row)
{
	fprintf(out, "    %-12s %s\n", ct_rstr(row, "class") ? ct_rstr(row, "class") : "?",
		ct_rstr(row, "key"));
}

void ct_dshow_cuda(FILE *out, const cJSON *s)
{
	const cJSON *v = ct_rget(s, "verdict");

	ct_fmt_heading(out, "CUDA", NULL);
	fprintf(out, "  verdict: %s -> %s%s\n", ct_rstr(v, "a"), ct_rstr(v, "b"),
		cJSON_IsTrue(ct_rget(s, "changed")) ? "  (changed)" : "  (same)");
	ct_dshow_list(out, "CUDA libraries added", ct_rget(s, "libraries_added"), ct_dshow_cudalib);
	ct_dshow_list(out, "CUDA libraries removed", ct_rget(s, "libraries_removed"),
		      ct_dshow_cudalib);
}

static void ct_dctx_row(cJSON *arr, const char *what, const char *a, const char *b)
{
	cJSON *o;

	if (ct_dstreq(a, b))
		return;
	o = ct_dpair(a, b);
	cJSON_AddStringToObject(o, "what", what);
	ct_push(arr, o);
}

static void ct_dctx_json(cJSON *arr, const char *what, const cJSON *a, const cJSON *b)
{
	char *ta = a ? cJSON_PrintUnformatted(a) : NULL, *tb = b ? cJSON_PrintUnformatted(b) : NULL;

	ct_dctx_row(arr, what, ta, tb);
	cJSON_free(ta);
	cJSON_free(tb);
}

/* env{}: the loading-related variables the record keeps, when it has them. */
static void ct_dctx_env(cJSON *arr, const cJSON *a, const cJSON *b)
{
	const cJSON *v, *ea = ct_rget(a, "env"), *eb = ct_rget(b, "env");
	char what[128];

	cJSON_ArrayForEach(v, ea) {
		snprintf(what, sizeof(what), "env %s", v->string);
		ct_dctx_row(arr, what, ct_rstr(ea, v->string), ct_rstr(eb, v->string));
	}
	cJSON_ArrayForEach(v, eb)
		if (!ct_rget(ea, v->string)) {
			snprintf(what, sizeof(what), "env %s", v->string);
			ct_dctx_row(arr, what, NULL, ct_rstr(eb, v->string));
		}
}

cJSON *ct_dsec_context(const struct ct_dctx *c)
{
	const struct ct_rctx *ra = &c->s[0].run[0], *rb = &c->s[1].run[0];
	const cJSON *a = ra->rec, *b = rb->rec, *ha = ct_rget(a, "host"), *hb = ct_rget(b, "host");
	const cJSON *pa = ct_rget(ra->img[ra->main].proc, "python");
	const cJSON *pb = ct_rget(rb->img[rb->main].proc, "python");
	cJSON *arr = cJSON_CreateArray();
	char ea[128], eb[128];

	ct_dside_fact(&c->s[0], ct_dexit, ea, sizeof(ea));
	ct_dside_fact(&c->s[1], ct_dexit, eb, sizeof(eb));
	ct_dctx_row(arr, "exit", ea, eb);
	ct_dctx_row(arr, "host", ct_rstr(ha, "hostname"), ct_rstr(hb, "hostname"));
	ct_dctx_row(arr, "kernel", ct_rstr(ha, "kernel"), ct_rstr(hb, "kernel"));
	ct_dctx_row(arr, "python", ct_rstr(pa, "version"), ct_rstr(pb, "version"));
	ct_dctx_row(arr, "interpreter", ct_rstr(pa, "executable"), ct_rstr(pb, "executable"));
	ct_dctx_json(arr, "command", ct_rget(ct_rget(a, "command"), "argv"),
		     ct_rget(ct_rget(b, "command"), "argv"));
	ct_dctx_row(arr, "cwd", ct_rstr(ct_rget(a, "command"), "cwd"),
		    ct_rstr(ct_rget(b, "command"), "cwd"));
	ct_dctx_env(arr, a, b);
	return arr;
}

/* Each value on a line of its own, cut from the left to fit. */
static void ct_dshow_ctxrow(FILE *out, const cJSON *row)
{
	char v[CT_FMT_WIDTH];

	fprintf(out, "    %s\n", ct_rstr(row, "what"));
	fprintf(out, "      A: %s\n", ct_fmt_cut(v, sizeof(v), ct_rstr(row, "a") ?
		ct_rstr(row, "a") : "(unset)", CT_FMT_WIDTH - 10));
	fprintf(out, "      B: %s\n", ct_fmt_cut(v, sizeof(v), ct_rstr(row, "b") ?
		ct_rstr(row, "b") : "(unset)", CT_FMT_WIDTH - 10));
}

void ct_dshow_context(FILE *out, const cJSON *s)
{
	ct_fmt_heading(out, "Context", "what differs around the runs");
	if (!cJSON_GetArraySize(s))
		fprintf(out, "  host, Python, command and loading environment: the same\n");
	ct_dshow_list(out, "differs", s, ct_dshow_ctxrow);
}
