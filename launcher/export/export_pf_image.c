/*
 * export_pf_image.c -- one image's work as slices on its tracks, from
 * record.json, one table row per record list (ct_pf_kinds): imports
 * nested on their threads (one still open at the end lasts to its
 * thread's end), dlopen calls with, under `ct-launch --loader`, their
 * phases and initialisers (placed by export_args.c), file-system runs
 * (fs_runs), and the exit windows (time.windows) on the process's track.
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

/* A record list drawn as slices: one row per kind of slice. */
struct ct_pf_kind {
	const char *list;       /* dotted key of the array in the image */
	const char *start, *end;/* their keys; end_is_dur: end is a duration */
	int end_is_dur;
	const char *cat, *prefix, *name_key;   /* name: prefix + the name key's value */
	int base;               /* the name is a path: its base name */
	int on_process;         /* on the process's track, else on the entry's tid's */
	const char *const *args;
};

static const char *const ct_pf_imp_args[] = { "file", "kind", "ok", "error", "self_us",
					      "cumulative_us", "major_faults", "via_importlib",
					      NULL };
static const char *const ct_pf_dl_args[] = { "requested", "flags", "ok", "path", "error",
					     "caller", "import", "new_objects", "major_faults",
					     "read_bytes", NULL };
static const char *const ct_pf_fs_args[] = { "calls", "failed", "busy_ns", "import", NULL };
static const char *const ct_pf_no_args[] = { NULL };

static const struct ct_pf_kind ct_pf_kinds[] = {
	{ "imports", "start_ns", "end_ns", 0, "import", "import ", "module", 0, 0, ct_pf_imp_args },
	{ "dlopens", "t_ns", "dur_ns", 1, "dlopen", "dlopen ", "requested", 1, 0, ct_pf_dl_args },
	{ "fs_runs", "start_ns", "end_ns", 0, "fs", "file system", NULL, 0, 0, ct_pf_fs_args },
	{ "time.windows", "start_ns", "end_ns", 0, "exit", "", "phase", 0, 1, ct_pf_no_args },
};

/* Where o ends: its end (or start + duration); else its thread's end. */
static uint64_t ct_pf_end(const struct ct_pf_kind *k, const cJSON *proc, const cJSON *o,
			  int64_t a)
{
	int64_t e = ct_rint(o, k->end);

	if (k->end_is_dur)
		return (uint64_t)a + (uint64_t)(e > 0 ? e : 0);
	return e >= a ? (uint64_t)e : ct_pf_tid_end(proc, ct_rint(o, "tid"));
}

static void ct_pf_list(struct ct_pf *pf, const cJSON *proc, uint64_t ptrack,
		       const struct ct_pf_kind *k)
{
	const cJSON *o;
	const char *nm;
	int64_t a;
	uint64_t u;

	cJSON_ArrayForEach(o, ct_rpath(proc, k->list)) {
		a = ct_rint(o, k->start);
		u = k->on_process ? ptrack : ct_pf_on(pf, proc, o);
		nm = k->name_key ? ct_rstr(o, k->name_key) : NULL;
		if (a < 0 || !u || (k->name_key && !nm))
			continue;
		ct_pf_slice(pf, u, (uint64_t)a, ct_pf_end(k, proc, o, a), k->cat,
			    ct_pf_name(k->prefix, k->base ? (*nm ? ct_fmt_base(nm) : "NULL") : nm),
			    ct_export_args(o, k->args));
		if (k->end_is_dur)   /* a dlopen: its loader phases inside it */
			ct_export_phases(proc, o, ct_pf_phase, &(struct ct_pf_dl){ pf, u });
	}
}

void ct_pf_image_work(struct ct_pf *pf, const cJSON *proc, uint64_t ptrack)
{
	size_t i;

	for (i = 0; i < sizeof(ct_pf_kinds) / sizeof(ct_pf_kinds[0]); i++)
		ct_pf_list(pf, proc, ptrack, &ct_pf_kinds[i]);
}
