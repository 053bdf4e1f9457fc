/*
 * export_pf_image.c -- one image's work as slices on its tracks, from
 * record.json: imports nested on their threads (one still open at the end
 * lasts to its thread's end), dlopen calls with, under `ct-launch
 * --loader`, their phases end to end from the call's start and, in the
 * constructors phase, a slice per object whose initialisers the call ran
 * (in the loader's order, each as long as its total_ns: the record keeps
 * no start per object), file-system runs (fs_runs) and the exit windows
 * (time.windows) on the process's track.
 * Never: a phase or object slice past its call's end.
 */
#include <stdlib.h>
#include <string.h>

#include "export_pf.h"
#include "lib/fmt.h"
#include "lib/json.h"
#include "report/load.h"

static char *ct_pf_name(const char *a, const char *b)
{
	size_t n = strlen(a) + strlen(b ? b : "") + 1;
	char *s = malloc(n);

	if (s)
		snprintf(s, n, "%s%s", a, b ? b : "");
	return s;
}

static uint64_t ct_pf_tid_end(const cJSON *proc, int64_t tid)
{
	const cJSON *th;

	cJSON_ArrayForEach(th, ct_rget(proc, "threads"))
		if (ct_rint(th, "tid") == tid && ct_rint(th, "end_ns") >= 0)
			return (uint64_t)ct_rint(th, "end_ns");
	return ct_rint(proc, "end_ns") > 0 ? (uint64_t)ct_rint(proc, "end_ns") : 0;
}

static uint64_t ct_pf_on(struct ct_pf *pf, const cJSON *proc, const cJSON *o)
{
	int64_t tid = ct_rint(o, "tid");

	if (tid <= 0 || tid > UINT32_MAX)
		return 0;
	return ct_pf_thread_track(pf, (uint32_t)ct_rint(proc, "pid"), (uint32_t)tid, "");
}

/* The listed keys of o that are strings, numbers or booleans, copied. */
static cJSON *ct_pf_args(const cJSON *o, const char *const *keys)
{
	cJSON *a = cJSON_CreateObject();
	const cJSON *v;

	for (; *keys; keys++) {
		v = ct_rget(o, *keys);
		if (cJSON_IsString(v) || cJSON_IsNumber(v) || cJSON_IsBool(v))
			ct_add_item(a, *keys, cJSON_Duplicate(v, 0));
	}
	return a;
}

static void ct_pf_imports(struct ct_pf *pf, const cJSON *proc)
{
	static const char *const keys[] = { "file", "kind", "ok", "error", "self_us",
					    "cumulative_us", "major_faults", "via_importlib", NULL };
	const cJSON *im;
	int64_t a, b;
	uint64_t u;

	cJSON_ArrayForEach(im, ct_rget(proc, "imports")) {
		a = ct_rint(im, "start_ns");
		b = ct_rint(im, "end_ns");
		u = ct_pf_on(pf, proc, im);
		if (a < 0 || !u)
			continue;
		ct_pf_slice(pf, u, (uint64_t)a, b >= a ? (uint64_t)b :
			    ct_pf_tid_end(proc, ct_rint(im, "tid")), "import",
			    ct_pf_name("import ", ct_rstr(im, "module")), ct_pf_args(im, keys));
	}
}

/* The objects d initialised, from at to the call's end at most. */
static void ct_pf_inits(struct ct_pf *pf, const cJSON *proc, const cJSON *d, uint64_t u,
			uint64_t at, uint64_t end)
{
	static const char *const keys[] = { "ns", "cpu_ns", "total_ns", "nested_ns", "entries",
					    "order", "major_faults", "read_bytes", NULL };
	const cJSON **v, *c;
	size_t n = ct_rdl_inits(proc, d, &v), i;
	int64_t ns;

	for (i = 0; i < n && at < end; i++) {
		c = ct_rget(v[i], "constructors");
		ns = ct_rint(c, "total_ns");
		ns = ns < 0 ? 0 : ns > (int64_t)(end - at) ? (int64_t)(end - at) : ns;
		ct_pf_slice(pf, u, at, at + (uint64_t)ns, "loader",
			    ct_pf_name("init ", ct_fmt_base(ct_rstr(v[i], "path"))), ct_pf_args(c, keys));
		at += (uint64_t)ns;
	}
	free(v);
}

/* dlopens[].phases end to end from the call's start, as the loader runs them. */
static void ct_pf_phases(struct ct_pf *pf, const cJSON *proc, const cJSON *d, uint64_t u,
			 uint64_t at, uint64_t end)
{
	static const char *const names[] = { "wait_ns", "search_map", "relocation", "constructors" };
	static const char *const keys[] = { "ns", "cpu_ns", "minor_faults", "major_faults",
					    "read_bytes", NULL };
	const cJSON *phs = ct_rget(d, "phases"), *ph;
	int64_t ns;
	size_t i;

	for (i = 0; cJSON_IsObject(phs) && i < 4 && at < end; i++) {
		ph = i ? ct_rget(phs, names[i]) : NULL;
		ns = i ? ct_rint(ph, "ns") : ct_rint(phs, "wait_ns");
		ns = ns < 0 ? 0 : ns > (int64_t)(end - at) ? (int64_t)(end - at) : ns;
		if (ns > 0)
			ct_pf_slice(pf, u, at, at + (uint64_t)ns, "loader",
				    ct_pf_name(i ? names[i] : "wait", NULL),
				    ph ? ct_pf_args(ph, keys) : NULL);
		if (i == 3 && ns > 0)
			ct_pf_inits(pf, proc, d, u, at, at + (uint64_t)ns);
		at += (uint64_t)ns;
	}
}

static void ct_pf_dlopens(struct ct_pf *pf, const cJSON *proc)
{
	static const char *const keys[] = { "requested", "flags", "ok", "path", "error", "caller",
					    "import", "new_objects", "major_faults", "read_bytes", NULL };
	const cJSON *d;
	const char *what;
	int64_t a, ns;
	uint64_t u;

	cJSON_ArrayForEach(d, ct_rget(proc, "dlopens")) {
		a = ct_rint(d, "t_ns");
		ns = ct_rint(d, "dur_ns");
		u = ct_pf_on(pf, proc, d);
		if (a < 0 || !u)
			continue;
		ns = ns < 0 ? 0 : ns;
		what = ct_rstr(d, "requested");
		ct_pf_slice(pf, u, (uint64_t)a, (uint64_t)(a + ns), "dlopen",
			    ct_pf_name("dlopen ", what && *what ? ct_fmt_base(what) : "NULL"),
			    ct_pf_args(d, keys));
		ct_pf_phases(pf, proc, d, u, (uint64_t)a, (uint64_t)(a + ns));
	}
}

static void ct_pf_fs(struct ct_pf *pf, const cJSON *proc)
{
	static const char *const keys[] = { "calls", "failed", "busy_ns", "import", NULL };
	const cJSON *r;
	char name[64];
	int64_t a, b;
	uint64_t u;

	cJSON_ArrayForEach(r, ct_rget(proc, "fs_runs")) {
		a = ct_rint(r, "start_ns");
		b = ct_rint(r, "end_ns");
		u = ct_pf_on(pf, proc, r);
		if (a < 0 || b < a || !u)
			continue;
		snprintf(name, sizeof(name), "file system (%lld calls)", (long long)ct_rint(r, "calls"));
		ct_pf_slice(pf, u, (uint64_t)a, (uint64_t)b, "fs", strdup(name), ct_pf_args(r, keys));
	}
}

static void ct_pf_exit(struct ct_pf *pf, const cJSON *proc, uint64_t ptrack)
{
	const cJSON *w;
	int64_t a, b;

	cJSON_ArrayForEach(w, ct_rpath(proc, "time.windows")) {
		a = ct_rint(w, "start_ns");
		b = ct_rint(w, "end_ns");
		if (a >= 0 && b >= a && ct_rstr(w, "phase"))
			ct_pf_slice(pf, ptrack, (uint64_t)a, (uint64_t)b, "exit",
				    ct_pf_name(ct_rstr(w, "phase"), NULL), NULL);
	}
}

void ct_pf_image_work(struct ct_pf *pf, const cJSON *proc, uint64_t ptrack)
{
	ct_pf_imports(pf, proc);
	ct_pf_dlopens(pf, proc);
	ct_pf_fs(pf, proc);
	ct_pf_exit(pf, proc, ptrack);
}
