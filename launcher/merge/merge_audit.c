/*
 * merge_audit.c -- the loader's own account of a process image, from the
 * audit library's log (<pid>.<ns>.ldaudit, `ct-launch --loader`; format:
 * docs/loader-audit.md): how each object was searched and found, and when
 * a dlopen's objects were all mapped (relocation and initialisers follow).
 *
 * The audit log of an exec'd image starts before its shim log (ld.so loads
 * the audit library first); a forked child's, at its first loader event.
 * A log that starts with a newer version line than common/ldaudit.h's is
 * not read (a log without one is version 0).  Never: a search credited to
 * an object whose path is not the candidate that the loader then mapped.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ldaudit.h"
#include "merge_int.h"
#include "merge_loader.h"
#include "merge_logset.h"

/* A name "<pid>.<ns>.ldaudit" goes into the index; other names are not
 * audit logs. */
int ct_audit_index_add(struct ct_audit_index *ix, const char *name)
{
	unsigned long long t;
	int pid;
	char *copy;

	if (sscanf(name, "%d.%llu.ldaudit", &pid, &t) != 2 || !strstr(name, ".ldaudit"))
		return 0;
	copy = strdup(name);
	if (!copy || CT_GROW(ix->v, ix->cap, ix->n) < 0) {
		free(copy);
		return -1;
	}
	ix->v[ix->n++] = (struct ct_audit_name){ pid, t, copy };
	return 0;
}

static int ct_audit_name_cmp(const void *a, const void *b)
{
	const struct ct_audit_name *x = a, *y = b;

	if (x->pid != y->pid)
		return (x->pid > y->pid) - (x->pid < y->pid);
	return (x->t_ns > y->t_ns) - (x->t_ns < y->t_ns);
}

void ct_audit_index_sort(struct ct_audit_index *ix)
{
	if (ix->n)
		qsort(ix->v, ix->n, sizeof(*ix->v), ct_audit_name_cmp);
}

void ct_audit_index_free(struct ct_audit_index *ix)
{
	for (size_t i = 0; i < ix->n; i++)
		free(ix->v[i].name);
	free(ix->v);
	memset(ix, 0, sizeof(*ix));
}

/* The image's audit log, malloc'd, or NULL: the first of its pid that
 * began after the image it replaced ended and before this one ended. */
static char *ct_audit_find(const struct ct_logset *rl, const struct ct_proc *p)
{
	const struct ct_audit_index *ix = &rl->audits;
	uint64_t lo = p->exec_of ? p->exec_of->end_ns : 0;
	size_t a = 0, b = ix->n, mid;
	char *path = NULL;

	while (a < b) {   /* the first log of pid that began after lo */
		mid = a + (b - a) / 2;
		if (ix->v[mid].pid < p->pid || (ix->v[mid].pid == p->pid && ix->v[mid].t_ns <= lo))
			a = mid + 1;
		else
			b = mid;
	}
	if (a == ix->n || ix->v[a].pid != p->pid || ix->v[a].t_ns > p->end_ns)
		return NULL;
	if (asprintf(&path, "%s/%s", rl->rundir, ix->v[a].name) < 0)
		path = NULL;
	return path;
}

/* The search in progress: the request, its requester and the candidates. */
struct ct_search {
	cJSON *obj;             /* {"request", "requester", "candidates"} */
	cJSON *cands;
};

static void ct_search_begin(struct ct_search *s, const char *name, const char *requester)
{
	cJSON_Delete(s->obj);
	s->obj = cJSON_CreateObject();
	s->cands = cJSON_CreateArray();
	if (ct_add_or_drop(s->obj, "candidates", s->cands,
			   ct_add_str(s->obj, "request", name) ||
			   ct_add_str(s->obj, "requester", requester))) {
		cJSON_Delete(s->obj);
		s->obj = s->cands = NULL;
	}
}

static void ct_search_try(struct ct_search *s, const char *step, const char *path)
{
	cJSON *c = cJSON_CreateObject();

	if (!s->cands || ct_add_str(c, "path", path) || ct_add_str(c, "step", step))
		cJSON_Delete(c);
	else
		ct_push(s->cands, c);
}

/* The object mapped next was found by the search when it is one of its
 * candidates, or the request itself (a path). */
static const char *ct_search_step_of(const struct ct_search *s, const char *path)
{
	const cJSON *c;

	cJSON_ArrayForEach(c, s->cands)
		if (!strcmp(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(c, "path")), path))
			return cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(c, "step"));
	if (!strcmp(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(s->obj, "request")), path))
		return "the requested path";
	return NULL;
}

struct ct_audit {
	cJSON *libs;            /* the image's libraries[], annotated */
	cJSON *dlopens;
	struct ct_map ids;      /* audit object id -> its path (in the text) */
	struct ct_search cur;
	int64_t searches, candidates, objects;
	const char *exe;
	struct ct_ldlog ld;      /* phases and initialisers (merge_loader.c) */
	uint64_t consistent[4096];  /* when the link map became consistent (all mapped) */
	size_t nconsistent;
};

/* The entry of path not yet given a search (an object loaded twice has two). */
static cJSON *ct_lib_by_path(cJSON *libs, const char *path)
{
	cJSON *l;
	const char *p;

	cJSON_ArrayForEach(l, libs) {
		p = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(l, "path"));
		if (p && !strcmp(p, path) && !cJSON_GetObjectItemCaseSensitive(l, "search"))
			return l;
	}
	return NULL;
}

static void ct_set_str(cJSON *o, const char *k, const char *v)
{
	cJSON *s = ct_str_json(v);

	if (s && !cJSON_ReplaceItemInObjectCaseSensitive(o, k, s))
		cJSON_Delete(s);
}

static void ct_audit_mapped(struct ct_audit *a, unsigned long id, char *path)
{
	cJSON *lib = ct_lib_by_path(a->libs, path);
	const char *step = a->cur.obj ? ct_search_step_of(&a->cur, path) : NULL;

	const cJSON *rb = cJSON_GetObjectItemCaseSensitive(lib, "requested_by");
	const char *caller = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(rb, "caller"));

	a->objects++;
	ct_map_put(&a->ids, id, path);
	if (!lib || !step)
		return;
	if (caller)   /* the loader saw the shim call dlopen on the caller's behalf */
		ct_set_str(a->cur.obj, "requester", caller);
	if (ct_add_str(a->cur.obj, "found_by", step) == 0 &&
	    ct_add_item(lib, "search", a->cur.obj) == 0)
		a->cur.obj = a->cur.cands = NULL;
}

static void ct_audit_search(struct ct_audit *a, const char *step, unsigned long req, const char *name)
{
	const char *who = req ? ct_map_get(&a->ids, req) : NULL;

	if (who && !strcmp(who, "(main)"))
		who = a->exe;
	if (!strcmp(step, "orig")) {
		a->searches++;
		ct_search_begin(&a->cur, name, who);
	} else {
		a->candidates++;
		ct_search_try(&a->cur, step, name);
	}
}

/* A dlopen's time in two: until its objects were all mapped (search and
 * map), then relocation and initialisers (the first CONSISTENT activity
 * inside the call is its own: a nested call's comes later). */
static void ct_audit_split(const struct ct_audit *a)
{
	cJSON *d, *o;
	uint64_t t, dur;
	size_t i;

	cJSON_ArrayForEach(d, a->dlopens) {
		t = ct_raw_u64(d, "t_ns");
		dur = ct_raw_u64(d, "dur_ns");
		for (i = 0; i < a->nconsistent && a->consistent[i] < t; i++)
			;
		if (i == a->nconsistent || a->consistent[i] > t + dur)
			continue;
		o = cJSON_CreateObject();
		if (ct_add_int(o, "search_map_ns", (int64_t)(a->consistent[i] - t)) ||
		    ct_add_int(o, "relocate_init_ns", (int64_t)(t + dur - a->consistent[i])))
			cJSON_Delete(o);
		else
			ct_add_item(d, "loader_split", o);
	}
}

/* One line: "S t step requester name", "O t lmid id path", "A t flag". */
static void ct_audit_line(struct ct_audit *a, char *line)
{
	unsigned long long t;
	unsigned long id;
	long lmid;
	char step[32];
	int off = 0;

	if (ct_ld_line(&a->ld, line))
		return;   /* A delete is kept there; the rest below */
	if (sscanf(line, "S %llu %31s %lu %n", &t, step, &id, &off) == 3 && off)
		ct_audit_search(a, step, id, line + off);
	else if (sscanf(line, "O %llu %ld %lu %n", &t, &lmid, &id, &off) == 3 && off)
		ct_audit_mapped(a, id, line + off);
	else if (sscanf(line, "A %llu %31s", &t, step) == 2 && !strcmp(step, "consistent") &&
		 a->nconsistent < sizeof(a->consistent) / sizeof(a->consistent[0]))
		a->consistent[a->nconsistent++] = t;
}

static cJSON *ct_audit_summary(const struct ct_audit *a, const char *path)
{
	const char *base = strrchr(path, '/');
	cJSON *o = cJSON_CreateObject();

	if (ct_add_str(o, "log", base ? base + 1 : path) || ct_add_int(o, "searches", a->searches) ||
	    ct_add_int(o, "candidates_tried", a->candidates) ||
	    ct_add_int(o, "objects_mapped", a->objects)) {
		cJSON_Delete(o);
		return NULL;
	}
	return o;
}

/* Is the log of a version this merger reads (its first line "V n")? */
static int ct_audit_known(const char *text)
{
	unsigned int v;

	return sscanf(text, "V %u\n", &v) != 1 || v <= CT_LDAUDIT_VERSION;
}

cJSON *ct_audit_json(struct ct_build *b, cJSON *proc)
{
	char *path = ct_audit_find(b->rl, b->p), *text, *line, *save = NULL;
	static struct ct_audit a;   /* large (the activity times): one at a time */
	cJSON *o;

	text = path ? ct_read_file(path, NULL) : NULL;
	if (!text || !ct_audit_known(text)) {
		free(text);
		free(path);
		return cJSON_CreateNull();
	}
	memset(&a, 0, sizeof(a));
	a.libs = cJSON_GetObjectItemCaseSensitive(proc, "libraries");
	a.dlopens = cJSON_GetObjectItemCaseSensitive(proc, "dlopens");
	a.exe = b->p->exe;
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
		ct_audit_line(&a, line);
	ct_audit_split(&a);
	o = ct_audit_summary(&a, path);
	if (o)
		ct_ld_apply(&a.ld, proc, &a.ids, o);
	free(a.ld.v);
	cJSON_Delete(a.cur.obj);
	ct_map_free(&a.ids);
	free(text);
	free(path);
	return o;
}
