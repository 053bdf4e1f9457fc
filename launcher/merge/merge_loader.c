/*
 * merge_loader.c -- each dlopen's phases (search and map, relocation,
 * constructors), each object's initialisers (and so each import's,
 * native.init_ns) and the start-up load's split, from the audit
 * library's R, B, E and N lines (docs/loader-audit.md, fields in
 * docs/record-processes.md).
 *
 * A dlopen's phases are cut inside its own window (the shim's t_ns,
 * dur_ns) on its own thread: relocation starts at the first "all mapped"
 * R line, constructors at the first B line after it; before its first
 * event (R, id 0) the thread waited (another thread's dlopen held the
 * loader's lock): wait_ns and the three add up to dur_ns, and the time
 * parts are split in the proportions of the three alone.  Never: a line of another thread in a dlopen's phases (eight
 * threads dlopen at once, each waits for the loader's lock inside its
 * window), a phase below zero.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "merge_loader.h"

static int ct_ld_cost(const char *s, struct ct_lcost *c)
{
	unsigned long long v[4];

	if (sscanf(s, "%llu %llu %llu %llu", &v[0], &v[1], &v[2], &v[3]) != 4)
		return -1;
	c->cpu_ns = v[0], c->minflt = v[1], c->majflt = v[2], c->read_bytes = v[3];
	return 0;
}

/* "E t tid id entries self_ns self_cpu self_minflt self_majflt self_read"
 * then the end counters; R and B: "K t tid id" then the counters. */
static int ct_ld_parse(struct ct_ldev *e, const char *line)
{
	unsigned long long t, s[5];
	int off = 0;

	if (sscanf(line, "%c %llu %d %lu %n", &e->kind, &t, &e->tid, &e->id, &off) != 4 || !off)
		return -1;
	e->c.t_ns = t;
	line += off;
	if (e->kind == 'E') {
		if (sscanf(line, "%u %llu %llu %llu %llu %llu %n", &e->entries, &s[0], &s[1], &s[2],
			   &s[3], &s[4], &off) != 6)
			return -1;
		e->self = (struct ct_lcost){ s[0], s[1], s[2], s[3], s[4] };
		line += off;
	}
	return ct_ld_cost(line, &e->c);
}

int ct_ld_line(struct ct_ldlog *l, char *line)
{
	struct ct_ldev e;
	unsigned long long t;
	unsigned long id;
	int off = 0;

	memset(&e, 0, sizeof(e));
	if (sscanf(line, "N %llu %lu observe only: %n", &t, &id, &off) == 2 && off) {
		l->unwrapped += id != 0;
		l->refused |= id == 0;
		if (!l->refusal || id == 0)
			l->refusal = line + off;
		return 1;
	}
	if (sscanf(line, "A %llu delete", &t) == 1 && strstr(line, " delete"))
		e = (struct ct_ldev){ .kind = 'D', .c.t_ns = t };
	else if (!strchr("RBE", line[0]) || line[1] != ' ' || ct_ld_parse(&e, line) < 0)
		return 0;
	if (CT_GROW(l->v, l->cap, l->n) == 0)
		l->v[l->n++] = e;
	return 1;
}

/* A phase from counters a to b ({ns} only when either is unknown). */
static cJSON *ct_phase(int64_t ns, const struct ct_lcost *a, const struct ct_lcost *b)
{
	cJSON *o = cJSON_CreateObject();
	int k = a && b;

	if (ct_add_int(o, "ns", ns < 0 ? 0 : ns) ||
	    ct_add_int_or_null(o, "cpu_ns", k ? (int64_t)(b->cpu_ns - a->cpu_ns) : 0, k) ||
	    ct_add_int_or_null(o, "minor_faults", k ? (int64_t)(b->minflt - a->minflt) : 0, k) ||
	    ct_add_int_or_null(o, "major_faults", k ? (int64_t)(b->majflt - a->majflt) : 0, k) ||
	    ct_add_int_or_null(o, "read_bytes", k ? (int64_t)(b->read_bytes - a->read_bytes) : 0, k)) {
		cJSON_Delete(o);
		return NULL;
	}
	return o;
}

/* An integer the merger wrote (raw text, see ct_int_json). */
uint64_t ct_raw_u64(const cJSON *o, const char *k)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);

	return cJSON_IsRaw(v) ? strtoull(v->valuestring, NULL, 10) : 0;
}

/* A window's boundaries on one thread: the operation's start, all mapped,
 * the first initialiser after that and the last one's end. */
struct ct_ldwin {
	const struct ct_ldev *rs, *rc, *b1, *elast;
	int deleted;            /* a delete activity before all was mapped: it failed there */
};

static void ct_ld_window(const struct ct_ldlog *l, int tid, uint64_t t0, uint64_t t1,
			 struct ct_ldwin *w)
{
	const struct ct_ldev *e;

	memset(w, 0, sizeof(*w));
	for (e = l->v; e < l->v + l->n; e++) {
		if (e->c.t_ns < t0 || e->c.t_ns > t1)
			continue;
		if (e->kind == 'D')
			w->deleted |= !w->rc;
		if (e->tid != tid || e->kind == 'D')
			continue;
		if (e->kind == 'R' && e->id == 0 && !w->rs && !w->rc)
			w->rs = e;
		else if (e->kind == 'R' && e->id == 1 && !w->rc)
			w->rc = e;
		else if (e->kind == 'B' && w->rc && !w->b1)
			w->b1 = e;
		else if (e->kind == 'E' && w->b1)
			w->elast = e;
	}
}

/* The three phases' totals over the calls no other call contains; cpu:
 * of the calls whose counters were seen (a dlopen of a missing path makes
 * no loader event at all). */
struct ct_ldsum {
	int64_t ns[3], cpu[3];
};

static const char *ct_ld_failed_in(const struct ct_ldwin *w)
{
	if (!w->rc || w->deleted)
		return "search_map";
	return w->b1 ? "constructors" : "relocation";
}

static const struct ct_lcost *ct_c(const struct ct_ldev *e)
{
	return e ? &e->c : NULL;
}

static cJSON *ct_ld_phases(const struct ct_ldwin *w, uint64_t t0, int64_t dur, int ok,
			   int wrapped, int64_t ns[3])
{
	cJSON *o = cJSON_CreateObject();
	uint64_t end = t0 + (uint64_t)dur, start = w->rs ? w->rs->c.t_ns : t0;
	int64_t sm = (int64_t)((w->rc ? w->rc->c.t_ns : end) - start);
	int64_t rel = w->rc ? (int64_t)((w->b1 ? w->b1->c.t_ns : end) - w->rc->c.t_ns) : 0;

	ns[0] = sm, ns[1] = rel, ns[2] = (int64_t)(end - start) - sm - rel;
	if (ct_add_int(o, "wait_ns", (int64_t)(start - t0)) ||
	    ct_add_item(o, "search_map", ct_phase(sm, ct_c(w->rs), ct_c(w->rc))) ||
	    ct_add_item(o, "relocation", ct_phase(rel, ct_c(w->rc), ct_c(w->b1))) ||
	    ct_add_item(o, "constructors", wrapped ? ct_phase(ns[2], ct_c(w->b1), ct_c(w->elast))
						   : cJSON_CreateNull()) ||
	    ct_add_item(o, "symbol_lookups", cJSON_CreateNull()) ||
	    ct_add_str(o, "failed_in", ok ? NULL : ct_ld_failed_in(w))) {
		cJSON_Delete(o);
		return NULL;
	}
	return o;
}

/* d lies inside another call on its thread (a dlopen from an initialiser). */
static int ct_ld_nested(const cJSON *dlopens, const cJSON *d)
{
	uint64_t t = ct_raw_u64(d, "t_ns"), end = t + ct_raw_u64(d, "dur_ns");
	uint64_t tid = ct_raw_u64(d, "tid"), t2;
	const cJSON *o;

	cJSON_ArrayForEach(o, dlopens) {
		t2 = ct_raw_u64(o, "t_ns");
		if (o != d && ct_raw_u64(o, "tid") == tid && t2 <= t &&
		    t2 + ct_raw_u64(o, "dur_ns") >= end && (t2 < t || ct_raw_u64(o, "dur_ns") > end - t))
			return 1;
	}
	return 0;
}

static void ct_ld_sum(struct ct_ldsum *s, const cJSON *phases, const int64_t ns[3])
{
	static const char *const keys[3] = { "search_map", "relocation", "constructors" };
	const cJSON *cpu;
	int i;

	for (i = 0; i < 3; i++) {
		ct_sat_add(&s->ns[i], ns[i]);
		cpu = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(phases, keys[i]),
						       "cpu_ns");
		if (cJSON_IsRaw(cpu))
			ct_sat_add(&s->cpu[i], (int64_t)strtoll(cpu->valuestring, NULL, 10));
	}
}

static void ct_ld_dlopens(const struct ct_ldlog *l, cJSON *dlopens, int wrapped, struct ct_ldsum *s)
{
	cJSON *d, *ph;
	struct ct_ldwin w;
	uint64_t t0, dur;
	int64_t ns[3];

	cJSON_ArrayForEach(d, dlopens) {
		t0 = ct_raw_u64(d, "t_ns");
		dur = ct_raw_u64(d, "dur_ns");
		ct_ld_window(l, (int)ct_raw_u64(d, "tid"), t0, t0 + dur, &w);
		ph = ct_ld_phases(&w, t0, (int64_t)dur,
				  cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(d, "ok")), wrapped, ns);
		if (ph && !ct_ld_nested(dlopens, d))
			ct_ld_sum(s, ph, ns);
		ct_add_item(d, "phases", ph);
	}
}

/* The entry of path not yet given its constructors (loaded twice: two). */
static cJSON *ct_ld_lib(cJSON *libs, const char *path)
{
	cJSON *l;
	const char *p;

	cJSON_ArrayForEach(l, libs) {
		p = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(l, "path"));
		if (p && path && !strcmp(p, path) && !cJSON_GetObjectItemCaseSensitive(l, "constructors"))
			return l;
	}
	return NULL;
}

static cJSON *ct_ld_ctor(const struct ct_ldev *b, const struct ct_ldev *e, int64_t order)
{
	cJSON *o = cJSON_CreateObject();
	int64_t total = (int64_t)(e->c.t_ns - b->c.t_ns);

	if (ct_add_int(o, "ns", (int64_t)e->self.t_ns) || ct_add_int(o, "cpu_ns", (int64_t)e->self.cpu_ns) ||
	    ct_add_int(o, "total_ns", total) ||
	    ct_add_int(o, "nested_ns", total > (int64_t)e->self.t_ns ? total - (int64_t)e->self.t_ns : 0) ||
	    ct_add_int(o, "entries", e->entries) || ct_add_int(o, "order", order) ||
	    ct_add_int(o, "minor_faults", (int64_t)e->self.minflt) ||
	    ct_add_int(o, "major_faults", (int64_t)e->self.majflt) ||
	    ct_add_int(o, "read_bytes", (int64_t)e->self.read_bytes) || ct_add_int(o, "tid", b->tid)) {
		cJSON_Delete(o);
		return NULL;
	}
	return o;
}

/* Each B line in order (the order initialisers ran) with its E line. */
static int64_t ct_ld_ctors(const struct ct_ldlog *l, cJSON *libs, const struct ct_map *ids)
{
	const struct ct_ldev *b, *e;
	int64_t order = 0;
	cJSON *lib;

	for (b = l->v; b < l->v + l->n; b++) {
		if (b->kind != 'B')
			continue;
		for (e = b + 1; e < l->v + l->n && !(e->kind == 'E' && e->id == b->id && e->tid == b->tid); e++)
			;
		order++;
		lib = ct_ld_lib(libs, ct_map_get(ids, b->id));
		if (e < l->v + l->n && lib)
			ct_add_item(lib, "constructors", ct_ld_ctor(b, e, order));
	}
	return order;
}

/* The index in imports of the import lib appeared under: of those of its
 * "import" module whose window holds appeared_ns, the latest to start;
 * -1 when none. */
static int ct_ld_owner(const cJSON *imports, const cJSON *lib)
{
	const char *mod = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(lib, "import"));
	const char *m;
	uint64_t t = ct_raw_u64(lib, "appeared_ns"), start, best_start = 0;
	const cJSON *imp, *end;
	int i = 0, best = -1;

	cJSON_ArrayForEach(imp, imports) {
		m = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(imp, "module"));
		end = cJSON_GetObjectItemCaseSensitive(imp, "end_ns");
		start = ct_raw_u64(imp, "start_ns");
		if (mod && m && !strcmp(m, mod) && start <= t && start >= best_start &&
		    (!cJSON_IsRaw(end) || t <= ct_raw_u64(imp, "end_ns")))
			best = i, best_start = start;
		i++;
	}
	return best;
}

/* Each import's native.init_ns: what the initialisers of the objects that
 * appeared under it took (their constructors.ns), 0 when none. */
static void ct_ld_import_inits(cJSON *proc)
{
	cJSON *imports = cJSON_GetObjectItemCaseSensitive(proc, "imports"), *imp, *lib;
	int n = cJSON_GetArraySize(imports), i;
	int64_t *sum;

	if (n <= 0 || !(sum = calloc((size_t)n, sizeof(*sum))))
		return;
	cJSON_ArrayForEach(lib, cJSON_GetObjectItemCaseSensitive(proc, "libraries"))
		if (cJSON_IsObject(cJSON_GetObjectItemCaseSensitive(lib, "constructors")) &&
		    (i = ct_ld_owner(imports, lib)) >= 0)
			ct_sat_add(&sum[i], (int64_t)ct_raw_u64(
				cJSON_GetObjectItemCaseSensitive(lib, "constructors"), "ns"));
	i = 0;
	cJSON_ArrayForEach(imp, imports)
		ct_add_int(cJSON_GetObjectItemCaseSensitive(imp, "native"), "init_ns", sum[i++]);
	free(sum);
}

/* The start-up load: from the first loader event to the last initialiser
 * ended before the first operation after it (ld.so says "consistent" only
 * after relocating at start-up, so search, map and relocation are one). */
static cJSON *ct_ld_startup(const struct ct_ldlog *l)
{
	const struct ct_ldev *e, *rs = l->n && l->v[0].kind == 'R' ? &l->v[0] : NULL;
	struct ct_ldwin w;
	int depth = 0;
	cJSON *o;

	if (!rs)
		return cJSON_CreateNull();
	ct_ld_window(l, rs->tid, rs->c.t_ns, UINT64_MAX, &w);
	w.elast = NULL;
	for (e = w.b1; e && e < l->v + l->n; e++) {
		if (e->tid != rs->tid)
			continue;
		if (e->kind == 'R' && e->id == 0 && depth == 0)
			break;
		depth += e->kind == 'B' ? 1 : e->kind == 'E' ? -1 : 0;
		if (e->kind == 'E' && depth == 0)
			w.elast = e;
	}
	o = cJSON_CreateObject();
	if (ct_add_item(o, "search_map_relocation",
			ct_phase(w.rc ? (int64_t)(w.rc->c.t_ns - rs->c.t_ns) : 0, &rs->c, ct_c(w.rc))) ||
	    ct_add_item(o, "constructors", ct_phase(w.b1 && w.elast ? (int64_t)(w.elast->c.t_ns - w.b1->c.t_ns) : 0,
						    ct_c(w.b1), ct_c(w.elast)))) {
		cJSON_Delete(o);
		return NULL;
	}
	return o;
}

void ct_ld_apply(const struct ct_ldlog *l, cJSON *proc, const struct ct_map *ids, cJSON *loader)
{
	struct ct_ldsum s = { { 0, 0, 0 }, { 0, 0, 0 } };
	int wrapped = !l->refused;
	int64_t timed;

	ct_ld_dlopens(l, cJSON_GetObjectItemCaseSensitive(proc, "dlopens"), wrapped, &s);
	timed = ct_ld_ctors(l, cJSON_GetObjectItemCaseSensitive(proc, "libraries"), ids);
	if (wrapped) {
		ct_time_loader(cJSON_GetObjectItemCaseSensitive(proc, "time"), s.ns, s.cpu);
		ct_ld_import_inits(proc);
	}
	ct_add_item(loader, "startup", ct_ld_startup(l));
	ct_add_int(loader, "initialisers_timed", timed);
	ct_add_str(loader, "observe_only", l->refusal);
	ct_add_int(loader, "objects_unwrapped", l->unwrapped);
}
