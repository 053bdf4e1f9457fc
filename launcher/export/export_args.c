/*
 * export_args.c -- what the record-based exports (--perfetto, --otlp)
 * share: a record object's chosen scalar keys as a trace's arguments, and
 * a dlopen's loader phases laid end to end from the call's start (with
 * `ct-launch --loader`): the lock wait, search+map, relocation,
 * constructors, and in the constructors phase one slot per object whose
 * initialisers the call ran, in the loader's order, each as long as its
 * total_ns (the record keeps no start per object).
 * Never: a phase or an object's slot past the call's end.
 */
#include <stdlib.h>

#include "export.h"
#include "lib/fmt.h"
#include "lib/json.h"
#include "report/load.h"

cJSON *ct_export_args(const cJSON *o, const char *const *keys)
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

static uint64_t ct_fit(int64_t ns, uint64_t at, uint64_t end)
{
	return ns < 0 ? 0 : (uint64_t)ns > end - at ? end - at : (uint64_t)ns;
}

static void ct_inits(const cJSON *proc, const cJSON *d, uint64_t at, uint64_t end,
		     ct_xphase_fn fn, void *arg)
{
	const cJSON **v, *c;
	size_t n = ct_rdl_inits(proc, d, &v), i;
	uint64_t ns;

	for (i = 0; i < n && at < end; i++) {
		c = ct_rget(v[i], "constructors");
		ns = ct_fit(ct_rint(c, "total_ns"), at, end);
		fn(arg, ct_fmt_base(ct_rstr(v[i], "path")), c, at, at + ns, 1);
		at += ns;
	}
	free(v);
}

void ct_export_phases(const cJSON *proc, const cJSON *d, ct_xphase_fn fn, void *arg)
{
	static const char *const names[] = { "wait", "search_map", "relocation", "constructors" };
	const cJSON *phs = ct_rget(d, "phases"), *ph;
	int64_t t = ct_rint(d, "t_ns"), dur = ct_rint(d, "dur_ns");
	uint64_t at, end, ns;
	size_t i;

	if (!cJSON_IsObject(phs) || t < 0 || dur <= 0)
		return;
	at = (uint64_t)t;
	end = at + (uint64_t)dur;
	for (i = 0; i < 4 && at < end; i++) {
		ph = i ? ct_rget(phs, names[i]) : NULL;
		ns = ct_fit(i ? ct_rint(ph, "ns") : ct_rint(phs, "wait_ns"), at, end);
		if (ns)
			fn(arg, names[i], ph, at, at + ns, 0);
		if (i == 3 && ns)
			ct_inits(proc, d, at, at + ns, fn, arg);
		at += ns;
	}
}
