/*
 * html_phases.c -- a dlopen bar unfolded (`ct-launch --loader`): its
 * phases (dlopens[].phases: the lock wait, search+map, relocation,
 * constructors) one row below it, end to end from the call's start as
 * the loader runs them, and one row lower a slice per object whose
 * initialisers the call ran (libraries[].constructors), in the loader's
 * order from the start of the constructors phase, each as wide as its
 * total_ns (the record has no start per object; the loader's own gaps
 * between them gather at the phase's end).
 * Never: a slice for an object another call initialised, or a phase or
 * slice drawn past the call's end.
 */
#include <stdlib.h>

#include "lib/fmt.h"
#include "html_tl.h"

static const char *const ct_phase_keys[] = { "search_map", "relocation", "constructors" };

int ct_tl_phase_rows(const cJSON *dl)
{
	return cJSON_IsObject(ct_rget(dl, "phases")) ? 2 : 0;
}

/* Rows below its import a dlopen starts at: one per call on its thread
 * that it runs inside (a dlopen from an initialiser), each with its
 * unfolding, so a nested call is not drawn over the one it is in. */
int ct_tl_dl_row(const struct ct_tl *t, const cJSON *dl)
{
	const cJSON *o;
	int64_t s = ct_rint(dl, "t_ns"), e = s + ct_rint(dl, "dur_ns"), os;
	int row = 0;

	cJSON_ArrayForEach(o, ct_rget(t->proc, "dlopens")) {
		os = ct_rint(o, "t_ns");
		if (o != dl && ct_rint(o, "tid") == ct_rint(dl, "tid") && os <= s &&
		    e <= os + ct_rint(o, "dur_ns") && (os < s || ct_rint(o, "dur_ns") > e - s))
			row += 1 + ct_tl_phase_rows(o);
	}
	return row;
}

/* The slices of d's objects from at, up to the call's end. */
static void ct_ph_objects(struct ct_tl *t, const cJSON *d, int64_t at, int64_t end, int row)
{
	const cJSON **v;
	size_t n = ct_rdl_inits(t->proc, d, &v), i;
	int64_t ns;
	int k;

	for (i = 0; i < n && at < end; i++) {
		ns = ct_rint(ct_rget(v[i], "constructors"), "total_ns");
		ns = ns < 0 ? 0 : ns > end - at ? end - at : ns;
		k = ct_bar_detail(t->pg, "ctor", (int)ct_rint(t->proc, "pid"), v[i], NULL);
		ct_bar(t, "ci", NULL, at, at + ns, row, k, ct_fmt_base(ct_rstr(v[i], "path")));
		at += ns;
	}
	free(v);
}

/* One phase's bar from at (ns of it; 0: none) with its details. */
static void ct_ph_bar(struct ct_tl *t, const cJSON *d, const char *name, const cJSON *ph,
		      int64_t at, int64_t ns, int row)
{
	cJSON *o = ph ? cJSON_Duplicate(ph, 1) : cJSON_CreateObject();
	int k;

	if (ns <= 0 || !o) {
		cJSON_Delete(o);
		return;
	}
	if (!ph)
		cJSON_AddNumberToObject(o, "ns", (double)ns);
	cJSON_AddStringToObject(o, "phase", name);
	cJSON_AddStringToObject(o, "requested", ct_rstr(d, "requested") ? ct_rstr(d, "requested") : "");
	k = ct_bar_detail(t->pg, "phase", (int)ct_rint(t->proc, "pid"), o, NULL);
	cJSON_Delete(o);
	ct_bar(t, "dp", name, at, at + ns, row, k, "");
}

void ct_tl_phases(struct ct_tl *t, const cJSON *dl, int row)
{
	const cJSON *phs = ct_rget(dl, "phases"), *ph;
	int64_t at = ct_rint(dl, "t_ns"), end = at + ct_rint(dl, "dur_ns"), ns;
	size_t i;

	if (!ct_tl_phase_rows(dl))
		return;
	ns = ct_rint(phs, "wait_ns");
	ct_ph_bar(t, dl, "wait", NULL, at, ns > end - at ? end - at : ns, row + 1);
	at += ns > 0 ? ns : 0;
	for (i = 0; i < sizeof(ct_phase_keys) / sizeof(ct_phase_keys[0]) && at < end; i++) {
		ph = ct_rget(phs, ct_phase_keys[i]);
		ns = ct_rint(ph, "ns");
		ns = ns > end - at ? end - at : ns;
		ct_ph_bar(t, dl, ct_phase_keys[i], ph, at, ns, row + 1);
		if (i == 2 && ns > 0)
			ct_ph_objects(t, dl, at, at + ns, row + 2);
		at += ns > 0 ? ns : 0;
	}
}
