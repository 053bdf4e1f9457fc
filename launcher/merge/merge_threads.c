/*
 * merge_threads.c -- threads[] of a process image: the main thread, every
 * thread created through pthread_create (creation and start paired by the
 * shim's thread sequence number), and any other thread that wrote records.
 *
 * Records come thread by thread, so a thread's start may be read before
 * its creation: whichever comes first makes the entry.  A thread's CPU and
 * waits (merge_waits.c) are read by its tid, and their sums over the image
 * made with the list.  Never: one thread
 * listed twice.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "merge_int.h"
#include "elf/symtab.h"

struct ct_thr {
	uint64_t seq;           /* 0: not created through the interposer */
	int64_t tid, creator;   /* -1 unknown */
	uint64_t create_ns, start_ns, end_ns;
	const char *routine;
	const char *py;         /* "name\x1ftarget\x1ffile:line" of its Python start, or NULL */
	uint32_t import_id;
	cJSON *stack;           /* owned until the JSON is built */
	struct ct_thr_cpu cpu;
};

static struct ct_thr *ct_thr_new(struct ct_build *b)
{
	struct ct_thr *t;

	if (CT_GROW(b->thr, b->thr_cap, b->nthr) < 0)
		return NULL;
	t = &b->thr[b->nthr++];
	memset(t, 0, sizeof(*t));
	t->tid = t->creator = -1;
	return t;
}

static struct ct_thr *ct_thr_by(struct ct_build *b, struct ct_map *m, uint64_t key)
{
	uintptr_t idx = (uintptr_t)ct_map_get(m, key);
	struct ct_thr *t;

	if (idx)
		return &b->thr[idx - 1];
	t = ct_thr_new(b);
	if (t && ct_map_put(m, key, (void *)(uintptr_t)b->nthr) < 0) {
		b->nthr--;
		return NULL;
	}
	return t;
}

static void ct_thr_create(struct ct_build *b, const struct ct_logrec *ev)
{
	struct ct_thr *t;

	const char *py = ct_map_get(&b->thr_py, ev->tid);

	ct_map_put(&b->thr_py, ev->tid, NULL);   /* paired, even when it failed:
						    the next create is another's */
	if (ev->rec->result != 0)
		return;   /* failed: counted in calls{} only */
	t = ct_thr_by(b, &b->thr_by_seq, (uint64_t)ev->rec->a0);
	if (!t)
		return;
	t->seq = (uint64_t)ev->rec->a0;
	t->creator = ev->tid;
	t->create_ns = ev->rec->t_ns;
	t->routine = ct_logrec_str(ev, 0);
	t->py = py;
	t->import_id = ev->rec->import_id;
	b->last_thr = t - b->thr + 1;
}

static void ct_thr_start(struct ct_build *b, const struct ct_logrec *ev)
{
	struct ct_thr *t = ct_thr_by(b, &b->thr_by_seq, (uint64_t)ev->rec->a1);

	if (!t)
		return;
	t->seq = (uint64_t)ev->rec->a1;
	t->tid = ev->tid;
	t->creator = ev->rec->a0;
	t->start_ns = ev->rec->t_ns;
	ct_map_put(&b->thr_by_tid, ev->tid, (void *)(uintptr_t)(t - b->thr + 1));
}

static void ct_thr_exit(struct ct_build *b, const struct ct_logrec *ev)
{
	uintptr_t idx = (uintptr_t)ct_map_get(&b->thr_by_tid, ev->tid);

	if (idx)
		b->thr[idx - 1].end_ns = ev->rec->t_ns;
}

/* A Python thread start (pyhook/thread.c; pyhook/threadstart.c's own
 * record on Python 3.8 to 3.11): the next pthread_create of this thread
 * is the one it makes (a thread's records are read in order). */
static void ct_thr_py(struct ct_build *b, const struct ct_logrec *ev)
{
	const char *name = ct_logrec_str(ev, 0);

	if (!strcmp(name, "_thread.start_new_thread") ||
	    !strcmp(name, "_thread.start_joinable_thread") ||
	    !strcmp(name, "coldtrace.python_thread"))
		ct_map_put(&b->thr_py, ev->tid, (void *)ct_logrec_str(ev, 1));
}

/* A thread's CPU and waits: the main thread (no START) gets its entry
 * here. */
static void ct_thr_cpu_rec(struct ct_build *b, const struct ct_logrec *ev)
{
	struct ct_thr *t = ct_thr_by(b, &b->thr_by_tid, ev->tid);

	if (!t)
		return;
	t->tid = ev->tid;
	ct_thr_cpu_feed(&t->cpu, ev->rec);
}

typedef void ct_thr_on_fn(struct ct_build *b, const struct ct_logrec *ev);

/* The kinds that make threads[] (PY_AUDIT: a Python thread start). */
static ct_thr_on_fn *const ct_thr_on[CT_EV_KIND_MAX] = {
	[CT_EV_PY_AUDIT] = ct_thr_py, [CT_EV_THREAD_CPU] = ct_thr_cpu_rec,
	[CT_EV_THREAD_WAIT] = ct_thr_cpu_rec, [CT_EV_THREAD_CREATE] = ct_thr_create,
	[CT_EV_THREAD_START] = ct_thr_start, [CT_EV_THREAD_EXIT] = ct_thr_exit,
};

void ct_threads_feed(struct ct_build *b, const struct ct_logrec *ev)
{
	CT_KIND_CALL(ct_thr_on, b, ev);
}

/* The stack of the latest creation on this thread. */
void ct_threads_stack(struct ct_build *b, cJSON *frames)
{
	struct ct_thr *t = b->last_thr ? &b->thr[b->last_thr - 1] : NULL;

	b->last_thr = 0;
	if (!t || t->stack) {
		cJSON_Delete(frames);
		return;
	}
	t->stack = frames;
}

/* The main thread and threads that wrote records without a START (made
 * before the shim's constructor, or by a raw clone). */
static void ct_thr_unannounced(struct ct_build *b)
{
	const struct ct_logfile *lg = &b->p->log;
	struct ct_thr *t;
	size_t i;

	for (i = 0; i < lg->nchunks; i++) {
		t = ct_thr_by(b, &b->thr_by_tid, lg->chunks[i].tid);
		if (!t)
			return;
		t->tid = lg->chunks[i].tid;
		if (t->tid != b->p->pid || t->start_ns || t->seq)
			continue;
		t->start_ns = b->p->start_ns;
		if (b->p->has_exit)
			t->end_ns = b->p->end_ns;
	}
}

static uint64_t ct_thr_key(const struct ct_thr *t)
{
	return t->start_ns ? t->start_ns : t->create_ns;
}

static int ct_thr_cmp(const void *a, const void *b)
{
	const struct ct_thr *x = *(const struct ct_thr *const *)a;
	const struct ct_thr *y = *(const struct ct_thr *const *)b;

	if (ct_thr_key(x) != ct_thr_key(y))
		return ct_thr_key(x) < ct_thr_key(y) ? -1 : 1;
	return x->tid < y->tid ? -1 : x->tid > y->tid;
}

/* py_name, py_target, py_started_at from the three fields of t->py (each
 * null when empty, all null for a thread Python did not start). */
static int ct_thr_py_json(cJSON *o, const struct ct_thr *t)
{
	static const char *const keys[3] = { "py_name", "py_target", "py_started_at" };
	const char *p = t->py, *end;
	char part[1024];
	int i, rc = 0;

	for (i = 0; i < 3; i++) {
		end = p ? strchrnul(p, '\x1f') : NULL;
		snprintf(part, sizeof(part), "%.*s", p ? (int)(end - p) : 0, p ? p : "");
		rc |= ct_add_str_or_null(o, keys[i], part);
		p = end && *end ? end + 1 : NULL;
	}
	return rc;
}

/* From its start to its end, -1 unknown. */
static int64_t ct_thr_life(const struct ct_thr *t)
{
	return t->start_ns && t->end_ns >= t->start_ns ? (int64_t)(t->end_ns - t->start_ns) : -1;
}

static cJSON *ct_thr_json(struct ct_build *b, struct ct_thr *t)
{
	cJSON *o = cJSON_CreateObject();
	char routine[4600];

	if (t->routine)
		ct_symtab_frame(t->routine, routine, sizeof(routine));
	if (ct_add_int_or_null(o, "tid", t->tid, t->tid >= 0) ||
	    ct_add_int_or_null(o, "creator", t->creator, t->creator >= 0) ||
	    ct_add_str_or_null(o, "start_routine", t->routine ? routine : NULL) ||
	    ct_add_int_or_null(o, "start_ns", (int64_t)t->start_ns, t->start_ns != 0) ||
	    ct_add_int_or_null(o, "end_ns", (int64_t)t->end_ns, t->end_ns != 0) ||
	    ct_add_str(o, "import", ct_py_module(&b->py, t->import_id)) ||
	    ct_thr_py_json(o, t) ||
	    (t->stack ? ct_take(o, "stack", &t->stack) : ct_add_null(o, "stack")) ||
	    ct_thr_cpu_add(o, &t->cpu, ct_thr_life(t))) {
		cJSON_Delete(o);
		return NULL;
	}
	return o;
}

/* processes[].waiting: the sums over the threads. */
static void ct_thr_sums(struct ct_build *b)
{
	struct ct_wait_sum *s = calloc(1, sizeof(*s));
	size_t i;

	if (!s)
		return;
	for (i = 0; i < b->nthr; i++)
		ct_wait_sum_add(s, &b->thr[i].cpu, ct_thr_life(&b->thr[i]));
	b->waiting = ct_wait_sum_json(s);
	free(s);
}

cJSON *ct_threads_json(struct ct_build *b)
{
	struct ct_thr **order;
	cJSON *arr;
	size_t i;

	ct_thr_unannounced(b);
	ct_thr_sums(b);
	order = malloc((b->nthr + 1) * sizeof(*order));
	arr = cJSON_CreateArray();
	for (i = 0; order && i < b->nthr; i++)
		order[i] = &b->thr[i];
	if (order)
		qsort(order, b->nthr, sizeof(*order), ct_thr_cmp);
	for (i = 0; order && arr && i < b->nthr; i++)
		if (ct_push(arr, ct_thr_json(b, order[i])) < 0) {
			cJSON_Delete(arr);
			arr = NULL;
		}
	if (!order) {
		cJSON_Delete(arr);
		arr = NULL;
	}
	free(order);
	return arr;
}

void ct_threads_free(struct ct_build *b)
{
	size_t i;

	for (i = 0; i < b->nthr; i++)
		cJSON_Delete(b->thr[i].stack);
	cJSON_Delete(b->waiting);
	free(b->thr);
	ct_map_free(&b->thr_by_seq);
	ct_map_free(&b->thr_by_tid);
	ct_map_free(&b->thr_py);
}
