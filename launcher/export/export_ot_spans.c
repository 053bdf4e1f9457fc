/*
 * export_ot_spans.c -- the spans of one run from its record: each process
 * image under the image that made it (a fork's parent image, the image an
 * exec replaced; the run for the root), each import under its parent
 * import (at top level: its image), each dlopen under the innermost
 * import running on its thread when it began, its loader phases and
 * initialisers under it (placed by export_args.c), the exit windows under
 * the image.
 * Never: a span whose parent comes later in the record (parents first).
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "export.h"
#include "export_ot.h"
#include "lib/fmt.h"
#include "lib/json.h"
#include "lib/map.h"
#include "report/load.h"

static void ct_ot_hex(char *out, uint64_t v)
{
	snprintf(out, 17, "%016" PRIx64, v);
}

static cJSON *ct_ot_value(const cJSON *v)
{
	cJSON *o = cJSON_CreateObject();
	char num[32];

	if (cJSON_IsString(v))
		ct_add_str(o, "stringValue", v->valuestring);
	else if (cJSON_IsBool(v))
		ct_add_bool(o, "boolValue", cJSON_IsTrue(v));
	else if (v->valuedouble == (double)(int64_t)v->valuedouble) {
		snprintf(num, sizeof(num), "%" PRId64, (int64_t)v->valuedouble);
		ct_add_str(o, "intValue", num);
	} else
		cJSON_AddNumberToObject(o, "doubleValue", v->valuedouble);
	return o;
}

cJSON *ct_ot_attributes(const cJSON *obj)
{
	cJSON *arr = cJSON_CreateArray(), *kv;
	const cJSON *v;

	cJSON_ArrayForEach(v, obj) {
		if (!v->string || !(cJSON_IsString(v) || cJSON_IsNumber(v) || cJSON_IsBool(v)))
			continue;
		kv = cJSON_CreateObject();
		ct_add_str(kv, "key", v->string);
		ct_add_item(kv, "value", ct_ot_value(v));
		ct_push(arr, kv);
	}
	return arr;
}

uint64_t ct_ot_span(struct ct_ot *o, uint64_t parent, const char *name, int64_t a, int64_t b,
		    cJSON *attrs)
{
	cJSON *s = cJSON_CreateObject();
	char id[17], num[32];
	int rc;

	ct_ot_hex(id, ++o->next_id);
	rc = ct_add_str(s, "traceId", o->trace_id) || ct_add_str(s, "spanId", id);
	if (parent) {
		ct_ot_hex(id, parent);
		rc |= ct_add_str(s, "parentSpanId", id);
	}
	rc |= ct_add_str(s, "name", name) || ct_add_int(s, "kind", 1);   /* SPAN_KIND_INTERNAL */
	snprintf(num, sizeof(num), "%" PRId64, a);
	rc |= ct_add_str(s, "startTimeUnixNano", num);
	snprintf(num, sizeof(num), "%" PRId64, b < a ? a : b);
	rc |= ct_add_str(s, "endTimeUnixNano", num);
	if (attrs)
		rc |= ct_add_item(s, "attributes", ct_ot_attributes(attrs));
	cJSON_Delete(attrs);
	if (ct_push_or_drop(o->spans, s, rc)) {
		o->oom = 1;
		return 0;
	}
	return o->next_id;
}

/* Monotonic ns of the record to the span's unix ns. */
static int64_t ct_ot_t(const struct ct_ot *o, int64_t ns)
{
	return ns + o->offset;
}

static uint64_t ct_ot_mono(struct ct_ot *o, uint64_t parent, const char *name, int64_t a,
			   int64_t b, cJSON *attrs)
{
	return ct_ot_span(o, parent, name, ct_ot_t(o, a), ct_ot_t(o, b < a ? a : b), attrs);
}

struct ct_ot_img {
	struct ct_ot *o;
	const cJSON *proc;
	uint64_t span;
	struct ct_map imports;  /* import id -> its span */
};

static void ct_ot_imports(struct ct_ot_img *x)
{
	static const char *const keys[] = { "module", "file", "kind", "ok", "error", "tid",
					    "self_us", "cumulative_us", "major_faults", NULL };
	const cJSON *im;
	int64_t a, b, par;
	uint64_t up, id;
	char name[300];

	cJSON_ArrayForEach(im, ct_rget(x->proc, "imports")) {
		a = ct_rint(im, "start_ns");
		b = ct_rint(im, "end_ns");
		par = ct_rint(im, "parent");
		up = par >= 0 ? (uint64_t)(uintptr_t)ct_map_get(&x->imports, (uint64_t)par) : 0;
		if (a < 0 || ct_rint(im, "id") < 0)
			continue;
		snprintf(name, sizeof(name), "import %s", ct_rstr(im, "module") ? ct_rstr(im, "module") : "?");
		id = ct_ot_mono(x->o, up ? up : x->span, name, a, b >= a ? b : ct_rint(x->proc, "end_ns"),
				ct_export_args(im, keys));
		if (id && ct_map_put(&x->imports, (uint64_t)ct_rint(im, "id"), (void *)(uintptr_t)id) < 0)
			x->o->oom = 1;
	}
}

/* The span of the innermost import running on tid at t, else the image's. */
static uint64_t ct_ot_import_at(const struct ct_ot_img *x, int64_t tid, int64_t t)
{
	const cJSON *im, *best = NULL;
	int64_t e;

	cJSON_ArrayForEach(im, ct_rget(x->proc, "imports")) {
		e = ct_rint(im, "end_ns");
		if (ct_rint(im, "tid") == tid && ct_rint(im, "start_ns") <= t && (e < 0 || t <= e) &&
		    (!best || ct_rint(im, "start_ns") >= ct_rint(best, "start_ns")))
			best = im;
	}
	if (best && ct_map_get(&x->imports, (uint64_t)ct_rint(best, "id")))
		return (uint64_t)(uintptr_t)ct_map_get(&x->imports, (uint64_t)ct_rint(best, "id"));
	return x->span;
}

struct ct_ot_dl {
	struct ct_ot *o;
	uint64_t call, phase;   /* the dlopen's span; its latest phase's */
};

static void ct_ot_phase(void *arg, const char *name, const cJSON *obj, uint64_t a, uint64_t b,
			int is_init)
{
	struct ct_ot_dl *d = arg;
	char label[300];
	uint64_t id;

	snprintf(label, sizeof(label), "%s%s", is_init ? "init " : "", name);
	id = ct_ot_mono(d->o, is_init ? d->phase : d->call, label, (int64_t)a, (int64_t)b,
			obj ? cJSON_Duplicate(obj, 1) : NULL);
	if (!is_init)
		d->phase = id;
}

static void ct_ot_dlopens(struct ct_ot_img *x)
{
	static const char *const keys[] = { "requested", "flags", "ok", "path", "error", "caller",
					    "import", "tid", "new_objects", "major_faults",
					    "read_bytes", NULL };
	const cJSON *d;
	const char *req;
	char name[300];
	int64_t a, ns;
	struct ct_ot_dl dl = { x->o, 0, 0 };

	cJSON_ArrayForEach(d, ct_rget(x->proc, "dlopens")) {
		a = ct_rint(d, "t_ns");
		ns = ct_rint(d, "dur_ns");
		if (a < 0)
			continue;
		req = ct_rstr(d, "requested");
		snprintf(name, sizeof(name), "dlopen %s", req && *req ? ct_fmt_base(req) : "NULL");
		dl.call = ct_ot_mono(x->o, ct_ot_import_at(x, ct_rint(d, "tid"), a), name, a,
				     a + (ns > 0 ? ns : 0), ct_export_args(d, keys));
		dl.phase = dl.call;
		ct_export_phases(x->proc, d, ct_ot_phase, &dl);
	}
}

static void ct_ot_exit(struct ct_ot_img *x)
{
	const cJSON *w;
	int64_t a, b;

	cJSON_ArrayForEach(w, ct_rpath(x->proc, "time.windows")) {
		a = ct_rint(w, "start_ns");
		b = ct_rint(w, "end_ns");
		if (a >= 0 && b >= a && ct_rstr(w, "phase"))
			ct_ot_mono(x->o, x->span, ct_rstr(w, "phase"), a, b, NULL);
	}
}

static cJSON *ct_ot_image_attrs(const cJSON *proc)
{
	static const char *const keys[] = { "pid", "ppid", "exe", "log", "exec_of", NULL };
	cJSON *a = ct_export_args(proc, keys);
	const cJSON *x = ct_rget(proc, "exit");
	char cmd[2048];

	ct_rjoin_argv(ct_rget(proc, "argv"), cmd, sizeof(cmd));
	ct_add_str(a, "process.command_line", cmd);
	if (ct_rstr(x, "how"))
		ct_add_str(a, "exit.how", ct_rstr(x, "how"));
	if (ct_rint(x, "status") >= 0)
		ct_add_int(a, "exit.status", ct_rint(x, "status"));
	return a;
}

/* The span of the image that made image i: the one its exec replaced, or
 * its parent pid's latest image started before it; else the run's. */
static uint64_t ct_ot_maker(const cJSON *procs, const uint64_t *ids, size_t i, uint64_t run)
{
	const cJSON *p = cJSON_GetArrayItem(procs, (int)i), *q;
	const char *of = ct_rstr(p, "exec_of"), *log;
	uint64_t best = run;
	size_t j = 0;

	cJSON_ArrayForEach(q, procs) {
		if (j >= i)
			break;
		log = ct_rstr(q, "log");
		if (of && log && !strncmp(log, of, strlen(of)) && !strcmp(log + strlen(of), ".ctlog"))
			return ids[j] ? ids[j] : run;
		if (!of && ct_rint(p, "parent") >= 0 && ct_rint(q, "pid") == ct_rint(p, "parent") &&
		    ct_rint(q, "start_ns") <= ct_rint(p, "start_ns") && ids[j])
			best = ids[j];
		j++;
	}
	return best;
}

static void ct_ot_image(struct ct_ot *o, const cJSON *proc, uint64_t up, uint64_t *id)
{
	struct ct_ot_img x = { o, proc, 0, { NULL, 0, 0 } };
	int64_t a = ct_rint(proc, "start_ns"), b = ct_rint(proc, "end_ns");
	char name[320];

	snprintf(name, sizeof(name), "%s (%lld)", ct_rimage_name(proc),
		 (long long)ct_rint(proc, "pid"));
	x.span = *id = a >= 0 ? ct_ot_mono(o, up, name, a, b, ct_ot_image_attrs(proc)) : 0;
	if (!x.span)
		return;
	ct_ot_imports(&x);
	ct_ot_dlopens(&x);
	ct_ot_exit(&x);
	ct_map_free(&x.imports);
}

void ct_ot_images(struct ct_ot *o, const cJSON *rec, uint64_t run_span)
{
	const cJSON *procs = ct_rget(rec, "processes"), *p;
	size_t n = (size_t)cJSON_GetArraySize(procs), i = 0;
	uint64_t *ids = calloc(n ? n : 1, sizeof(*ids));

	if (!ids) {
		o->oom = 1;
		return;
	}
	cJSON_ArrayForEach(p, procs) {
		ct_ot_image(o, p, ct_ot_maker(procs, ids, i, run_span), &ids[i]);
		i++;
	}
	free(ids);
}
