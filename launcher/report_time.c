/*
 * report_time.c -- "where the time went": one traced image's lifetime
 * split into native loading, Python imports, extension initialisation,
 * file-system calls and the rest.
 *
 * Method (docs/report.md): dlopen time is the union of dlopen call
 * intervals; file-system time counts only calls outside those intervals
 * (those inside are part of loading); an import's share is its self time
 * minus the dlopen and file-system time spent while it was the innermost
 * import.  Never: a part below zero or parts that add up past the image's
 * lifetime -- each is clamped and the rest takes what is left.
 */
#include <stdlib.h>
#include <string.h>

#include "fmt.h"
#include "report.h"

enum { CT_CAT_NONE, CT_CAT_EXT, CT_CAT_IMP, CT_CAT_N };

struct ct_split {
	int64_t dl[CT_CAT_N], fs[CT_CAT_N], self[CT_CAT_N];
	int64_t dl_all, life;
	uint64_t start, first_imp, last_imp;   /* image start; first import start, last end */
	int64_t pre, post;       /* dlopen/file-system time before the first, after the last import */
	struct ct_map kind_of;   /* import id -> category + 1 */
	struct ct_map id_of;     /* module name -> import id (borrowed keys) */
};

static int ct_span_cmp(const void *a, const void *b)
{
	const struct ct_rspan *x = a, *y = b;

	return x->t_ns < y->t_ns ? -1 : x->t_ns > y->t_ns;
}

static int ct_cat(const struct ct_split *s, uint32_t id)
{
	uintptr_t v = id ? (uintptr_t)ct_map_get(&s->kind_of, id) : 0;

	return v ? (int)v - 1 : CT_CAT_NONE;
}

static void ct_imports_cat(struct ct_split *s, const cJSON *proc)
{
	const cJSON *imp;
	const char *kind;
	int cat;

	cJSON_ArrayForEach(imp, ct_rget(proc, "imports")) {
		kind = ct_rstr(imp, "kind");
		cat = kind && !strcmp(kind, "extension") ? CT_CAT_EXT : CT_CAT_IMP;
		if (ct_rint(imp, "id") > 0) {
			ct_map_put(&s->kind_of, (uint64_t)ct_rint(imp, "id"), (void *)(uintptr_t)(cat + 1));
			if (ct_rstr(imp, "module"))
				ct_map_sput(&s->id_of, ct_rstr(imp, "module"),
					    (void *)(uintptr_t)ct_rint(imp, "id"));
		}
		if (ct_rint(imp, "self_us") > 0)
			ct_radd(&s->self[cat], ct_rscaled(imp, "self_us", 1000));
		if (ct_rint(imp, "start_ns") > 0 && (!s->first_imp ||
						     (uint64_t)ct_rint(imp, "start_ns") < s->first_imp))
			s->first_imp = (uint64_t)ct_rint(imp, "start_ns");
		if (ct_rint(imp, "end_ns") > 0 && (uint64_t)ct_rint(imp, "end_ns") > s->last_imp)
			s->last_imp = (uint64_t)ct_rint(imp, "end_ns");
	}
}

/* Charges ns of a call at time t to its import's category, and to the
 * windows before the first and after the last import. */
static void ct_charge(struct ct_split *s, int64_t *cats, uint64_t t, uint32_t id, int64_t ns)
{
	ct_radd(&cats[ct_cat(s, id)], ns);
	if (s->first_imp && t < s->first_imp)
		ct_radd(&s->pre, ns);
	else if (s->first_imp && t >= s->last_imp)
		ct_radd(&s->post, ns);
}

/* Merges the sorted dlopen spans in place into disjoint intervals
 * (t_ns, dur_ns); returns how many.  Each call's own category is charged
 * with the part not already covered. */
static size_t ct_dl_union(struct ct_split *s, struct ct_rspan *v, size_t n)
{
	size_t i, k = 0;
	uint64_t end, add;

	if (n)   /* v may be NULL then */
		qsort(v, n, sizeof(*v), ct_span_cmp);
	for (i = 0; i < n; i++) {
		end = v[i].t_ns + v[i].dur_ns;
		if (k && v[i].t_ns <= v[k - 1].t_ns + v[k - 1].dur_ns) {
			add = end > v[k - 1].t_ns + v[k - 1].dur_ns ?
			      end - (v[k - 1].t_ns + v[k - 1].dur_ns) : 0;
			v[k - 1].dur_ns += add;
		} else {
			add = v[i].dur_ns;
			v[k++] = v[i];
		}
		ct_charge(s, s->dl, v[i].t_ns, v[i].import_id,
			  add > (uint64_t)CT_RMAX ? CT_RMAX : (int64_t)add);
		ct_radd(&s->dl_all, add > (uint64_t)CT_RMAX ? CT_RMAX : (int64_t)add);
	}
	return k;
}

static int ct_inside(const struct ct_rspan *u, size_t n, uint64_t t)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {       /* first interval starting after t */
		size_t mid = (lo + hi) / 2;

		if (u[mid].t_ns <= t)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo > 0 && t < u[lo - 1].t_ns + u[lo - 1].dur_ns;
}

static void ct_split_from_log(struct ct_split *s, const struct ct_rimage *im)
{
	struct ct_rspan *u = malloc((im->ndl ? im->ndl : 1) * sizeof(*u));
	size_t i, nu;

	if (!u)
		return;
	if (im->ndl)
		memcpy(u, im->dl, im->ndl * sizeof(*u));
	nu = ct_dl_union(s, u, im->ndl);
	for (i = 0; i < im->nfs; i++)
		if (!ct_inside(u, nu, im->fs[i].t_ns))
			ct_charge(s, s->fs, im->fs[i].t_ns, im->fs[i].import_id,
				  im->fs[i].dur_ns > (uint64_t)CT_RMAX ? CT_RMAX :
				  (int64_t)im->fs[i].dur_ns);
	free(u);
}

/* Without the raw log: dlopen calls from the record (each charged to its
 * import by module name), file-system time all outside imports. */
static void ct_split_from_record(struct ct_split *s, const cJSON *proc)
{
	static const char *const fs[] = { "open", "creat", "fopen", "opendir", "stat", "lstat",
					  "fstat", "fstatat", "statx", "access" };
	const cJSON *d, *calls = ct_rget(proc, "calls");
	struct ct_rspan *v = calloc((size_t)cJSON_GetArraySize(ct_rget(proc, "dlopens")) + 1,
				    sizeof(*v));
	size_t i, n = 0;

	cJSON_ArrayForEach(d, ct_rget(proc, "dlopens")) {
		if (!v || ct_rint(d, "t_ns") < 0 || ct_rint(d, "dur_ns") < 0)
			continue;
		v[n].t_ns = (uint64_t)ct_rint(d, "t_ns");
		v[n].dur_ns = (uint64_t)ct_rint(d, "dur_ns");
		v[n++].import_id = ct_rstr(d, "import") ?
				   (uint32_t)(uintptr_t)ct_map_sget(&s->id_of, ct_rstr(d, "import")) : 0;
	}
	ct_dl_union(s, v, n);
	free(v);
	for (i = 0; i < sizeof(fs) / sizeof(fs[0]); i++)
		if (ct_rint(ct_rget(calls, fs[i]), "time_ns") > 0)
			ct_radd(&s->fs[CT_CAT_NONE], ct_rint(ct_rget(calls, fs[i]), "time_ns"));
}

static int ct_part(cJSON *parts, const char *key, const char *label, int64_t ns)
{
	cJSON *o = cJSON_CreateObject();

	if (!cJSON_AddStringToObject(o, "part", key) || !cJSON_AddStringToObject(o, "label", label) ||
	    ct_radd_num(o, "ns", (double)(ns > 0 ? ns : 0)) < 0 || !cJSON_AddItemToArray(parts, o)) {
		cJSON_Delete(o);
		return -1;
	}
	return 0;
}

static int64_t ct_clamp(int64_t v, int64_t *left)
{
	v = v < 0 ? 0 : v > *left ? *left : v;
	*left -= v;
	return v;
}

/* ns from a to b, 0 when b is not after a (or either is unknown). */
static int64_t ct_window(uint64_t a, uint64_t b)
{
	if (!a || !b || b <= a)
		return 0;
	return b - a > (uint64_t)CT_RMAX ? CT_RMAX : (int64_t)(b - a);
}

static cJSON *ct_parts(const struct ct_split *s, int64_t outside)
{
	cJSON *parts = cJSON_CreateArray();
	int64_t left = s->life, fs = s->fs[0] + s->fs[1] + s->fs[2];
	int64_t dl = ct_clamp(s->dl_all, &left);
	int64_t f = ct_clamp(fs, &left);
	int64_t py = ct_clamp(s->self[CT_CAT_IMP] - s->dl[CT_CAT_IMP] - s->fs[CT_CAT_IMP], &left);
	int64_t ext = ct_clamp(s->self[CT_CAT_EXT] - s->dl[CT_CAT_EXT] - s->fs[CT_CAT_EXT], &left);
	int64_t pre = ct_clamp(ct_window(s->start, s->first_imp) - s->pre, &left);
	int64_t post = ct_clamp(ct_window(s->last_imp, s->start + (uint64_t)s->life) - s->post, &left);

	ct_part(parts, "native_loading", "native loading: dlopen (map, relocate, run initialisers)", dl);
	ct_part(parts, "python_imports", "Python imports: find, load, run module code", py);
	ct_part(parts, "extension_init", "extension module init (PyInit_*, after its dlopen)", ext);
	ct_part(parts, "filesystem", "file-system calls outside dlopen (open/stat/access)", f);
	if (s->first_imp) {
		ct_part(parts, "before_imports", "before the first import: interpreter start-up", pre);
		ct_part(parts, "after_imports", "after the last import: the program's own work, exit",
			post);
	}
	ct_part(parts, "rest", s->first_imp ? "the rest: code running between imports" :
		"the rest: the program's own work", left);
	if (outside > 0)
		ct_part(parts, "untraced", "before and after tracing: exec, ld.so start-up, exit",
			outside);
	return parts;
}

static cJSON *ct_time_image(const struct ct_rctx *c, size_t i)
{
	const struct ct_rimage *im = &c->img[i];
	struct ct_split s;
	int64_t wall = ct_rscaled(ct_rget(c->rec, "timing"), "wall_ms", 1000000);
	int64_t outside = 0;
	cJSON *o = cJSON_CreateObject();

	memset(&s, 0, sizeof(s));
	s.start = (uint64_t)ct_rint(im->proc, "start_ns");
	s.life = ct_rint(im->proc, "end_ns") - ct_rint(im->proc, "start_ns");
	if (s.life < 0 || ct_rint(im->proc, "start_ns") < 0)
		s.life = 0;
	ct_imports_cat(&s, im->proc);
	if (im->have_log)
		ct_split_from_log(&s, im);
	else
		ct_split_from_record(&s, im->proc);
	if (i == 0 && wall > s.life)
		outside = wall - s.life;
	ct_map_free(&s.kind_of);
	ct_map_free(&s.id_of);
	cJSON_AddNumberToObject(o, "pid", im->pid);
	cJSON_AddStringToObject(o, "process", ct_rimage_name(im->proc));
	cJSON_AddNumberToObject(o, "traced_ns", (double)s.life);
	cJSON_AddNumberToObject(o, "total_ns", (double)(s.life + outside));
	cJSON_AddBoolToObject(o, "from_raw_events", im->have_log);
	cJSON_AddItemToObject(o, "parts", ct_parts(&s, outside));
	return o;
}

cJSON *ct_rsec_time(const struct ct_rctx *c)
{
	cJSON *sec = cJSON_CreateObject(), *imgs = cJSON_AddArrayToObject(sec, "images");
	size_t i;

	cJSON_AddStringToObject(sec, "method",
		"dlopen = union of dlopen call intervals; file-system = calls outside them; "
		"imports = self time minus the dlopen and file-system time inside; "
		"relocation and initialisers are not separable from LD_PRELOAD");
	for (i = 0; i < c->nimg; i++)
		if (c->o->pid ? ct_rfocus(c, i) : i == c->main)
			cJSON_AddItemToArray(imgs, ct_time_image(c, i));
	return sec;
}

static void ct_show_part(FILE *out, const cJSON *p, int64_t total)
{
	char ms[32], pct[16], bar[32];
	int64_t ns = ct_rint(p, "ns");
	double f = total > 0 && ns > 0 ? (double)ns / (double)total : 0;
	int w = f < 1 ? (int)(20 * f) : 20;   /* a crafted record's part may exceed its total */

	memset(bar, '#', (size_t)w);
	bar[w] = '\0';
	fprintf(out, "  %-58s %9s %6s  %s%s%s\n", ct_rstr(p, "label"), ct_fmt_ms(ms, sizeof(ms), ns),
		ct_fmt_pct(pct, sizeof(pct), ns, total), ct_c(CT_C_CYAN), bar, ct_c(CT_C_OFF));
}

void ct_rshow_time(FILE *out, const cJSON *s, const struct ct_rctx *c)
{
	const cJSON *img, *p;
	char note[160], a[32], b[32];
	int64_t total;

	(void)c;
	cJSON_ArrayForEach(img, ct_rget(s, "images")) {
		total = ct_rint(img, "total_ns");
		snprintf(note, sizeof(note), "pid %lld %s: %s traced of %s",
			 (long long)ct_rint(img, "pid"), ct_rstr(img, "process"),
			 ct_fmt_ms(a, sizeof(a), ct_rint(img, "traced_ns")), ct_fmt_ms(b, sizeof(b), total));
		ct_fmt_heading(out, "Where the time went", note);
		cJSON_ArrayForEach(p, ct_rget(img, "parts"))
			ct_show_part(out, p, total);
		if (!cJSON_IsTrue(ct_rget(img, "from_raw_events")))
			fprintf(out, "  (event log missing: file-system time is not separated from "
				     "dlopen and imports)\n");
	}
	fprintf(out, "  %smethod: dlopen = union of dlopen calls; file-system = calls outside "
		     "them; imports =%s\n  %sself time minus dlopen and file-system time inside "
		     "it; relocation vs initialisers: not seen%s\n",
		ct_c(CT_C_DIM), ct_c(CT_C_OFF), ct_c(CT_C_DIM), ct_c(CT_C_OFF));
}
