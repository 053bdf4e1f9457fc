/*
 * export_pf_image.c -- one image's work as slices on its tracks, from
 * record.json: imports nested on their threads (one still open at the end
 * lasts to its thread's end), dlopen calls with, under `ct-launch
 * --loader`, their phases and initialisers (placed by export_args.c),
 * file-system runs (fs_runs) and the exit windows (time.windows) on the
 * process's track.
 * Never: a slice on a thread the record does not name (tid from it).
 */
#include <stdlib.h>
#include <string.h>

#include "export.h"
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
			    ct_pf_name("import ", ct_rstr(im, "module")), ct_export_args(im, keys));
	}
}

struct ct_pf_dl {
	struct ct_pf *pf;
	uint64_t track;
};

static void ct_pf_phase(void *arg, const char *name, const cJSON *o, uint64_t a, uint64_t b,
			int is_init)
{
	static const char *const phase_keys[] = { "ns", "cpu_ns", "minor_faults", "major_faults",
						  "read_bytes", NULL };
	static const char *const init_keys[] = { "ns", "cpu_ns", "total_ns", "nested_ns",
						 "entries", "order", "major_faults", "read_bytes",
						 NULL };
	struct ct_pf_dl *x = arg;

	ct_pf_slice(x->pf, x->track, a, b, "loader", ct_pf_name(is_init ? "init " : name,
								  is_init ? name : NULL),
		    o ? ct_export_args(o, is_init ? init_keys : phase_keys) : NULL);
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
			    ct_export_args(d, keys));
		ct_export_phases(proc, d, ct_pf_phase, &(struct ct_pf_dl){ pf, u });
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
		ct_pf_slice(pf, u, (uint64_t)a, (uint64_t)b, "fs", strdup(name), ct_export_args(r, keys));
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
