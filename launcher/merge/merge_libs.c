/*
 * merge_libs.c -- libraries[]: every object the link map held, in order of
 * appearance, checked against the exit snapshot's mappings.
 *
 * LIB / LIB_GONE records are replayed in time order (threads' records
 * arrive thread by thread); each object's file is inspected once.  An ELF
 * shared object mapped at exit that the link map never showed is added as
 * "mapped-only".  Never: an object listed twice for one appearance, or a
 * resident size for an object that was unloaded.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "elf/ct_elf.h"
#include "elf/cuda.h"
#include "merge_int.h"

#define CT_LIB_MAPPED 4   /* merger only: seen in the snapshot, never in the link map */
#define CT_AUDIT_SO "libcoldtrace-audit.so"

static const char *const ct_how_names[] = {
	"startup", "dlopen", "needed", "own", "mapped-only"
};

struct ct_lib_ev *ct_libs_feed(struct ct_libs *l, const struct ct_logrec *ev)
{
	struct ct_lib_ev *le;

	if (CT_GROW(l->evs, l->cap, l->nevs) < 0)
		return NULL;
	le = &l->evs[l->nevs++];
	le->t_ns = ev->rec->t_ns;
	le->gone = ev->rec->kind == CT_EV_LIB_GONE;
	le->how = le->gone ? -1 : (int)ev->rec->a0;
	le->seq = ev->rec->a1;
	le->base = ev->rec->a2;
	le->import_id = ev->rec->import_id;
	le->order = l->nevs;
	le->path = ct_logrec_str(ev, 0);
	le->request = ct_logrec_str(ev, 1);
	le->caller = ct_logrec_str(ev, 2);
	le->dl = -1;
	return le;
}

static int ct_lib_ev_cmp(const void *a, const void *b)
{
	const struct ct_lib_ev *x = a, *y = b;

	if (x->t_ns != y->t_ns)
		return x->t_ns < y->t_ns ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}

static struct ct_lib *ct_lib_new(struct ct_libs *l, const struct ct_lib_ev *le)
{
	struct ct_lib *lib = &l->libs[l->nlibs++];

	memset(lib, 0, sizeof(*lib));
	lib->ev = *le;
	lib->size = -1;
	lib->rss_kb = -1;
	lib->map_kb = -1;
	return lib;
}

/* Appearances and disappearances, replayed in time order. */
static void ct_libs_replay(struct ct_libs *l)
{
	struct ct_map live = { 0 };
	struct ct_lib *lib;
	size_t i;

	if (l->nevs)
		qsort(l->evs, l->nevs, sizeof(*l->evs), ct_lib_ev_cmp);
	for (i = 0; i < l->nevs; i++) {
		if (!l->evs[i].gone) {
			lib = ct_lib_new(l, &l->evs[i]);
			ct_map_sput(&live, lib->ev.path, (void *)(uintptr_t)l->nlibs);
			continue;
		}
		lib = ct_map_sget(&live, l->evs[i].path)
		      ? &l->libs[(uintptr_t)ct_map_sget(&live, l->evs[i].path) - 1] : NULL;
		if (lib && !lib->unloaded_ns)
			lib->unloaded_ns = l->evs[i].t_ns;
	}
	ct_map_free(&live);
}

/* The object's ELF facts that lib keeps, taken over from info; the rest
 * freed but needed, which the caller keeps or frees. */
static void ct_lib_take(struct ct_lib *lib, struct ct_elf_info *info)
{
	free(info->runpath);
	free(info->sanitizer);
	lib->realpath = info->realpath;
	lib->soname = info->soname;
	lib->build_id = info->build_id;
	lib->size = info->size;
	lib->cuda = ct_cuda_class(lib->ev.path, lib->realpath);
}

static void ct_lib_inspect(struct ct_lib *lib)
{
	struct ct_elf_info info;

	ct_elf_inspect(lib->ev.path, &info);
	lib->needed = info.needed;
	ct_lib_take(lib, &info);
}

/* Resident KiB per object from the snapshot's per-file groups; then every
 * other ELF shared object mapped at exit. */
static int ct_looks_like_so(const char *path)
{
	const char *base = strrchr(path, '/');

	return base && strstr(base, ".so") != NULL;
}

/* An object mapped at exit that no LIB record named, because the dlopen
 * that mapped it never returned (its initialiser ended the process): that
 * dlopen's object. */
static void ct_libs_unreturned(struct ct_build *b, struct ct_lib *lib)
{
	struct ct_dl_rec *d = ct_dl_unreturned(b, lib->ev.path, lib->realpath);
	cJSON *path;

	if (!d)
		return;
	lib->ev.how = CT_LIB_DLOPEN;
	lib->ev.request = d->request;
	lib->ev.caller = d->caller;
	lib->unreturned = 1;
	path = ct_str_json(lib->ev.path);
	if (path && !cJSON_ReplaceItemInObjectCaseSensitive(d->obj, "path", path))
		cJSON_Delete(path);
}

static void ct_libs_mapped_only(struct ct_build *b, const struct ct_snap_map *m)
{
	struct ct_lib_ev le = { .how = CT_LIB_MAPPED, .path = m->path, .dl = -1 };
	struct ct_libs *l = &b->libs;
	struct ct_elf_info info;
	struct ct_lib *lib;

	if (!ct_looks_like_so(m->path) || ct_elf_inspect(m->path, &info) < 0)
		return;
	if (!info.is_dso) {
		ct_elf_info_free(&info);
		return;
	}
	if (strstr(m->path, "/" CT_AUDIT_SO))
		le.how = CT_LIB_OWN;   /* ld.so maps the audit library in a namespace of its own */
	lib = ct_lib_new(l, &le);
	lib->mapped_only = 1;
	free(info.needed);
	ct_lib_take(lib, &info);
	lib->rss_kb = m->rss_kb;
	lib->map_kb = m->size_kb;
	if (le.how == CT_LIB_MAPPED)
		ct_libs_unreturned(b, lib);
}

static void ct_libs_rss(struct ct_build *b)
{
	struct ct_libs *l = &b->libs;
	struct ct_snap_map *m;
	struct ct_map seen = { 0 };
	size_t i;

	for (i = 0; i < l->nlibs; i++) {
		if (l->libs[i].unloaded_ns)
			continue;
		m = ct_snap_find(&b->snap, l->libs[i].realpath);
		if (!m)
			m = ct_snap_find(&b->snap, l->libs[i].ev.path);
		if (m) {
			l->libs[i].rss_kb = m->rss_kb;
			l->libs[i].map_kb = m->size_kb;
			ct_map_sput(&seen, m->path, m);
		}
	}
	for (i = 0; i < b->snap.nmaps; i++)
		if (!ct_map_sget(&seen, b->snap.maps[i].path))
			ct_libs_mapped_only(b, &b->snap.maps[i]);
	ct_map_free(&seen);
}

static void ct_cuda_add(cJSON **arr, const char *cls)
{
	const cJSON *it;

	if (!*arr)
		*arr = cJSON_CreateArray();
	cJSON_ArrayForEach(it, *arr)
		if (!strcmp(it->valuestring, cls))
			return;
	ct_push(*arr, cJSON_CreateString(cls));
}

/* 1 when a DT_NEEDED list names lib, by its soname or its path (as the
 * loader matches them). */
static int ct_lib_named(const char *needed, const struct ct_lib *lib)
{
	return (lib->soname && ct_elf_needs(needed, lib->soname)) ||
	       ct_elf_needs(needed, lib->ev.path);
}

/* Whether start-up object i stays coldtrace's: an object taken as own
 * names it (kept in own_dep_of), and neither the program nor an object
 * given back does. */
static int ct_lib_own_dep(struct ct_libs *l, const char *own, size_t i, const char *exe_needed)
{
	struct ct_lib *c = &l->libs[i];
	size_t j;

	c->own_dep_of = NULL;
	if (ct_lib_named(exe_needed, c))
		return 0;
	for (j = 0; j < l->nlibs; j++) {
		if (j == i || !ct_lib_named(l->libs[j].needed, c))
			continue;
		if (!own[j])
			return 0;
		if (!c->own_dep_of)
			c->own_dep_of = l->libs[j].ev.path;
	}
	return c->own_dep_of != NULL;
}

/* Start-up objects that only coldtrace's own objects need (the wheel's
 * shim names libdl.so.2 and libpthread.so.0) are its own too: the largest
 * such set, found by taking every start-up object as own and giving one
 * back while the program or an object given back names it, or no own
 * object does, until none moves (a cycle that only the shim reaches stays
 * own).  Nothing moves when the program names nothing readable. */
static void ct_libs_own_deps(struct ct_libs *l, const char *exe)
{
	struct ct_elf_info info;
	char *own = NULL;
	size_t i;
	int moved = 1;

	if (exe && ct_elf_inspect(exe, &info) == 0 && info.needed)
		own = calloc(l->nlibs + 1, 1);
	for (i = 0; own && i < l->nlibs; i++)
		own[i] = l->libs[i].ev.how == CT_LIB_OWN || l->libs[i].ev.how == CT_LIB_STARTUP;
	while (own && moved)
		for (moved = 0, i = 0; i < l->nlibs; i++)
			if (own[i] && l->libs[i].ev.how == CT_LIB_STARTUP &&
			    !ct_lib_own_dep(l, own, i, info.needed))
				own[i] = 0, moved = 1;
	for (i = 0; own && i < l->nlibs; i++)
		if (own[i] && l->libs[i].ev.how == CT_LIB_STARTUP)
			l->libs[i].ev.how = CT_LIB_OWN;
	if (exe)
		ct_elf_info_free(&info);
	free(own);
}

/* Every object's file; then the own objects (the shim, pyhook, what only
 * they need) that the workload's objects also name in DT_NEEDED: loaded
 * early by the tool, but the workload needs them too, so they are not
 * left out of its answers. */
static void ct_libs_inspect_all(struct ct_build *b)
{
	struct ct_libs *l = &b->libs;
	size_t i, j;

	for (i = 0; i < l->nlibs; i++)
		ct_lib_inspect(&l->libs[i]);
	ct_libs_own_deps(l, b->p->exe);
	for (i = 0; i < l->nlibs; i++) {
		if (l->libs[i].ev.how != CT_LIB_OWN)
			continue;
		for (j = 0; j < l->nlibs && !l->libs[i].needed_by; j++)
			if (l->libs[j].ev.how != CT_LIB_OWN && ct_lib_named(l->libs[j].needed, &l->libs[i]))
				l->libs[i].needed_by = l->libs[j].ev.path;
	}
}

/* Own objects that a workload dlopen also named (a dlopen of an object
 * already loaded adds nothing to the link map, but it asks for it). */
static void ct_libs_asked(struct ct_build *b)
{
	struct ct_lib *lib;
	size_t i, j;

	for (i = 0; i < b->libs.nlibs; i++) {
		lib = &b->libs.libs[i];
		if (lib->ev.how != CT_LIB_OWN || lib->needed_by)
			continue;
		for (j = 0; j < b->ndl && !lib->asked_by; j++)
			if (b->dls[j].path && !strcmp(b->dls[j].path, lib->ev.path))
				lib->asked_by = &b->dls[j];
	}
}

/* What lib spans in memory: its mappings at exit, else (unloaded, no
 * snapshot) its size on disk, else 0. */
static int64_t ct_lib_mapped(const struct ct_lib *lib)
{
	if (lib->map_kb >= 0)
		return lib->map_kb * 1024;
	return lib->size > 0 ? lib->size : 0;
}

/* Each import's objects: the ones whose LIB record it was innermost for. */
static void ct_libs_cost(struct ct_build *b)
{
	struct ct_import *imp;
	struct ct_lib *lib;
	size_t i;

	for (i = 0; i < b->libs.nlibs; i++) {
		lib = &b->libs.libs[i];
		if (lib->ev.how == CT_LIB_OWN || !lib->ev.import_id)
			continue;
		imp = ct_py_find(&b->py, lib->ev.import_id);
		if (!imp)
			continue;
		imp->libraries++;
		ct_sat_add(&imp->objects_mapped_bytes, ct_lib_mapped(lib));
		if (lib->cuda)
			ct_cuda_add(&imp->cuda, lib->cuda);
	}
}

void ct_libs_resolve(struct ct_build *b)
{
	struct ct_libs *l = &b->libs;

	l->libs = calloc(l->nevs + b->snap.nmaps + 1, sizeof(*l->libs));
	if (!l->libs)
		return;
	ct_libs_replay(l);
	ct_libs_inspect_all(b);
	ct_libs_asked(b);
	if (b->snap.present)
		ct_libs_rss(b);
	ct_libs_cost(b);
}

static cJSON *ct_requested_by(const struct ct_lib *lib)
{
	cJSON *o;

	if (lib->ev.how != CT_LIB_DLOPEN && lib->ev.how != CT_LIB_NEEDED)
		return cJSON_CreateNull();
	o = cJSON_CreateObject();
	if (ct_add_str_or_null(o, "request", lib->ev.request) ||
	    ct_add_str_or_null(o, "caller", lib->ev.caller)) {
		cJSON_Delete(o);
		return NULL;
	}
	return o;
}

static cJSON *ct_lib_json(struct ct_build *b, const struct ct_lib *lib)
{
	cJSON *o = cJSON_CreateObject();
	int how = lib->ev.how >= 0 && lib->ev.how <= CT_LIB_MAPPED ? lib->ev.how : 0;
	int bad = ct_add_bytes(o, "path", lib->ev.path) || ct_add_str(o, "realpath", lib->realpath) ||
		 ct_add_str(o, "soname", lib->soname) ||
		 ct_add_int_or_null(o, "size", lib->size, lib->size >= 0) ||
		 ct_add_str(o, "build_id", lib->build_id) ||
		 ct_add_int_or_null(o, "appeared_ns", (int64_t)lib->ev.t_ns, !lib->mapped_only) ||
		 ct_add_str(o, "how", ct_how_names[how]) ||
		 ct_add_item(o, "requested_by", ct_requested_by(lib)) ||
		 ct_add_str(o, "import", ct_py_module(&b->py, lib->ev.import_id)) ||
		 ct_add_int_or_null(o, "unloaded_ns", (int64_t)lib->unloaded_ns,
				    lib->unloaded_ns != 0) ||
		 ct_add_int_or_null(o, "rss_kb", lib->rss_kb, lib->rss_kb >= 0) ||
		 ct_add_bool(o, "own", how == CT_LIB_OWN && !lib->needed_by && !lib->asked_by) ||
		 ct_add_str(o, "cuda", lib->cuda);
	char note[4200];

	if (!bad && lib->unreturned)
		bad = ct_add_str(o, "note", "mapped by a dlopen that did not return: the process "
				 "ended inside it (in an initialiser)");
	else if (!bad && lib->mapped_only)
		bad = ct_add_str(o, "note", how == CT_LIB_OWN ? "coldtrace's audit library (--loader): "
				"the loader maps it in a link-map namespace of its own" :
				"mapped at exit but never seen in the link map "
				"(loaded by other means than the dynamic loader, e.g. mmap of "
				"the file)");
	if (!bad && lib->needed_by) {
		snprintf(note, sizeof(note), "loaded early by coldtrace; the workload needs "
			 "it too (DT_NEEDED of %s)", lib->needed_by);
		bad = ct_add_str(o, "note", note);
	}
	if (!bad && lib->own_dep_of && !lib->asked_by) {
		snprintf(note, sizeof(note), "loaded for coldtrace: only its own objects need it "
			 "(DT_NEEDED of %s)", lib->own_dep_of);
		bad = ct_add_str(o, "note", note);
	}
	if (!bad && lib->asked_by) {
		snprintf(note, sizeof(note), "loaded early by coldtrace; the workload asks for it "
			 "too (dlopen(\"%.1000s\") by %.2000s)", lib->asked_by->request,
			 lib->asked_by->caller);
		bad = ct_add_str(o, "note", note);
	}
	if (bad) {
		cJSON_Delete(o);
		return NULL;
	}
	return o;
}

cJSON *ct_libs_json(struct ct_build *b)
{
	cJSON *arr = cJSON_CreateArray();
	size_t i;

	for (i = 0; arr && i < b->libs.nlibs; i++)
		if (ct_push(arr, ct_lib_json(b, &b->libs.libs[i])) < 0) {
			cJSON_Delete(arr);
			return NULL;
		}
	return arr;
}

void ct_libs_free(struct ct_libs *l)
{
	size_t i;

	for (i = 0; i < l->nlibs; i++) {
		free(l->libs[i].realpath);
		free(l->libs[i].soname);
		free(l->libs[i].build_id);
		free(l->libs[i].needed);
	}
	free(l->libs);
	free(l->evs);
	memset(l, 0, sizeof(*l));
}
