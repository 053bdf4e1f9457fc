/*
 * merge_py.c -- python{} and imports[] of a process image, with each
 * import's native cost.
 *
 * Times follow `python -X importtime`: cumulative = end - begin of the
 * _find_and_load window, self = cumulative - the direct children's
 * cumulative.  Native cost counts the records whose innermost import (the
 * import_id every record carries) is this import, so nothing is counted
 * twice up the tree.  Never: a time made up for an import that never ended.
 */
#include <stdlib.h>
#include <string.h>

#include "merge_int.h"

static const char *const ct_import_kinds[] = {
	"unknown", "source", "bytecode", "extension", "builtin", "frozen", "namespace"
};

static struct ct_import *ct_py_add(struct ct_py *py, uint64_t id)
{
	struct ct_import *ni;

	if (py->nimps == py->cap)
		py->last = NULL;   /* the array may move */
	if (CT_GROW(py->imps, py->cap, py->nimps) < 0)
		return NULL;
	ni = &py->imps[py->nimps++];
	memset(ni, 0, sizeof(*ni));
	ni->id = id;
	if (ct_map_put(&py->by_id, id, (void *)(uintptr_t)py->nimps) < 0) {
		py->nimps--;
		return NULL;
	}
	return ni;
}

struct ct_import *ct_py_find(struct ct_py *py, uint32_t id)
{
	uintptr_t idx;

	if (!id)
		return NULL;
	if (py->last && py->last->id == id)
		return py->last;
	idx = (uintptr_t)ct_map_get(&py->by_id, id);
	if (!idx)
		return NULL;
	py->last = &py->imps[idx - 1];
	return py->last;
}

const char *ct_py_module(struct ct_py *py, uint32_t id)
{
	struct ct_import *imp = ct_py_find(py, id);

	return imp ? imp->module : NULL;
}

static void ct_py_begin(struct ct_py *py, const struct ct_logrec *ev)
{
	struct ct_import *imp = ct_py_add(py, (uint64_t)ev->rec->a0);

	if (!imp)
		return;
	imp->parent = (uint64_t)ev->rec->a1;
	imp->via_importlib = ev->rec->a2 != 0;
	imp->module = ct_logrec_str(ev, 0);
	imp->start_ns = ev->rec->t_ns;
	imp->tid = ev->tid;
}

static void ct_py_end(struct ct_py *py, const struct ct_logrec *ev)
{
	struct ct_import *imp = ct_py_find(py, (uint32_t)ev->rec->a0);

	if (!imp || imp->ended)
		return;
	imp->ended = 1;
	imp->end_ns = ev->rec->t_ns;
	imp->ok = ev->rec->a1 != 0;
	imp->kind = (int)ev->rec->a2;
	imp->majflt = ev->rec->result > 0 ? ev->rec->result - 1 : -1;   /* 0: not measured */
	imp->file = ct_logrec_str(ev, 1);
	imp->error = ct_logrec_str(ev, 2);
}

static void ct_py_info(struct ct_py *py, const struct ct_logrec *ev)
{
	py->seen = 1;
	py->version = ct_logrec_str(ev, 0);
	py->executable = ct_logrec_str(ev, 1);
	py->implementation = ct_logrec_str(ev, 2);
	py->status = ct_logrec_str(ev, 3);
}

/* pyhook's "coldtrace.before_hook" audit record: sys.modules (space
 * separated) when its import wrapper came, i.e. imports it could not time. */
static void ct_py_audit(struct ct_py *py, const struct ct_logrec *ev)
{
	if (!strcmp(ct_logrec_str(ev, 0), "coldtrace.before_hook"))
		py->before_hook = ct_logrec_str(ev, 1);
}

typedef void ct_py_on_fn(struct ct_py *py, const struct ct_logrec *ev);

/* The first pass: the kinds that make python{} and imports[]. */
static ct_py_on_fn *const ct_py_on[CT_EV_KIND_MAX] = {
	[CT_EV_PY_INFO] = ct_py_info, [CT_EV_IMPORT_BEGIN] = ct_py_begin,
	[CT_EV_IMPORT_END] = ct_py_end, [CT_EV_PY_AUDIT] = ct_py_audit,
};

void ct_py_feed(struct ct_py *py, const struct ct_logrec *ev)
{
	CT_KIND_CALL(ct_py_on, py, ev);
}

void ct_py_native(struct ct_py *py, const struct ct_logrec *ev)
{
	struct ct_import *imp = ct_py_find(py, ev->rec->import_id);
	int kind = ev->rec->kind, failed;

	if (!imp)
		return;
	failed = ct_logrec_failed(ev);
	if (ct_kind(kind)->fs == CT_FS_OPEN) {
		imp->opens++;
		imp->open_errors += failed;
	} else if (ct_kind(kind)->fs == CT_FS_STAT) {
		imp->stats++;
		imp->stat_errors += failed;
	} else if (ct_kind(kind)->fs == CT_FS_ACCESS) {
		imp->accesses++;
		imp->access_errors += failed;
	} else if (kind == CT_EV_MMAP && !failed) {
		ct_sat_add(&imp->mapped_bytes, ev->rec->a2);
	} else if (kind == CT_EV_THREAD_CREATE && !failed) {
		imp->threads++;
	}
}

cJSON *ct_py_json(struct ct_py *py)
{
	cJSON *o;
	int avail = !py->status || !*py->status;

	if (!py->seen)
		return cJSON_CreateNull();
	o = cJSON_CreateObject();
	if (ct_add_str_or_null(o, "version", py->version) ||
	    ct_add_str_or_null(o, "executable", py->executable) ||
	    ct_add_str_or_null(o, "implementation", py->implementation) ||
	    ct_add_bool(o, "available", avail) ||
	    ct_add_str(o, "why", avail ? NULL : py->status) ||
	    ct_add_item(o, "before_hook", py->before_hook ? ct_split_json(py->before_hook, ' ')
							 : cJSON_CreateNull())) {
		cJSON_Delete(o);
		return NULL;
	}
	return o;
}

/* Children's cumulative time, summed into each parent. */
void ct_py_self(struct ct_py *py)
{
	struct ct_import *imp, *par;
	size_t i;

	for (i = 0; i < py->nimps; i++) {
		imp = &py->imps[i];
		if (!imp->ended || !imp->parent)
			continue;
		par = ct_py_find(py, (uint32_t)imp->parent);
		if (par)
			par->child_ns += imp->end_ns - imp->start_ns;
	}
}

static cJSON *ct_native_json(const struct ct_import *imp)
{
	cJSON *o = cJSON_CreateObject();

	if (ct_add_int(o, "libraries", imp->libraries) ||
	    ct_add_item(o, "cuda", imp->cuda ? cJSON_Duplicate(imp->cuda, 1)
					     : cJSON_CreateArray()) ||
	    ct_add_int(o, "dlopen_ns", imp->dlopen_ns) || ct_add_int(o, "fs_ns", imp->fs_ns) ||
	    ct_add_int(o, "opens", imp->opens) ||
	    ct_add_int(o, "open_errors", imp->open_errors) || ct_add_int(o, "stats", imp->stats) ||
	    ct_add_int(o, "stat_errors", imp->stat_errors) ||
	    ct_add_int(o, "accesses", imp->accesses) ||
	    ct_add_int(o, "access_errors", imp->access_errors) ||
	    ct_add_int(o, "mapped_bytes", imp->mapped_bytes) ||
	    ct_add_int(o, "objects_mapped_bytes", imp->objects_mapped_bytes) ||
	    ct_add_int(o, "threads", imp->threads)) {
		cJSON_Delete(o);
		return NULL;
	}
	return o;
}

static cJSON *ct_import_json(struct ct_py *py, const struct ct_import *imp)
{
	cJSON *o = cJSON_CreateObject();
	int64_t cum = (int64_t)(imp->end_ns - imp->start_ns);
	int e = imp->ended, parent_known = imp->parent && ct_py_find(py, (uint32_t)imp->parent);
	const char *kind = imp->kind >= 0 && imp->kind <= CT_IMP_NAMESPACE
			   ? ct_import_kinds[imp->kind] : "unknown";

	if (ct_add_int(o, "id", (int64_t)imp->id) || ct_add_str(o, "module", imp->module) ||
	    ct_add_int_or_null(o, "parent", (int64_t)imp->parent, parent_known) ||
	    ct_add_item(o, "via_importlib", cJSON_CreateBool(imp->via_importlib)) ||
	    ct_add_int(o, "tid", imp->tid) ||
	    ct_add_int(o, "start_ns", (int64_t)imp->start_ns) ||
	    ct_add_int_or_null(o, "end_ns", (int64_t)imp->end_ns, e) ||
	    ct_add_int_or_null(o, "self_us", (int64_t)((uint64_t)cum - imp->child_ns) / 1000, e) ||
	    ct_add_int_or_null(o, "cumulative_us", cum / 1000, e) ||
	    ct_add_str_or_null(o, "file", e ? imp->file : NULL) ||
	    ct_add_str(o, "kind", e ? kind : NULL) ||
	    ct_add_item(o, "ok", e ? cJSON_CreateBool(imp->ok) : cJSON_CreateNull()) ||
	    ct_add_str_or_null(o, "error", e ? imp->error : NULL) ||
	    ct_add_int_or_null(o, "major_faults", imp->majflt, e && imp->majflt >= 0) ||
	    ct_add_item(o, "native", ct_native_json(imp))) {
		cJSON_Delete(o);
		return NULL;
	}
	return o;
}

static int ct_import_cmp(const void *a, const void *b)
{
	const struct ct_import *x = *(const struct ct_import *const *)a;
	const struct ct_import *y = *(const struct ct_import *const *)b;

	if (x->start_ns != y->start_ns)
		return x->start_ns < y->start_ns ? -1 : 1;
	return x->id < y->id ? -1 : x->id > y->id;
}

/* imports[] in order of start time. */
cJSON *ct_imports_json(struct ct_py *py)
{
	struct ct_import **order = malloc((py->nimps + 1) * sizeof(*order));
	cJSON *arr = cJSON_CreateArray();
	size_t i;

	if (!order || !arr)
		goto fail;
	for (i = 0; i < py->nimps; i++)
		order[i] = &py->imps[i];
	qsort(order, py->nimps, sizeof(*order), ct_import_cmp);
	for (i = 0; i < py->nimps; i++)
		if (ct_push(arr, ct_import_json(py, order[i])) < 0)
			goto fail;
	free(order);
	return arr;
fail:
	free(order);
	cJSON_Delete(arr);
	return NULL;
}

void ct_py_free(struct ct_py *py)
{
	size_t i;

	for (i = 0; i < py->nimps; i++)
		cJSON_Delete(py->imps[i].cuda);
	free(py->imps);
	ct_map_free(&py->by_id);
	memset(py, 0, sizeof(*py));
}
