/*
 * libs.c -- the library inventory: which objects are in the link map, when
 * each appeared or left, and which dlopen brought it.
 *
 * One diff walks the link map and compares it with the objects already
 * reported.  The walk runs inside dl_iterate_phdr's first callback, which
 * holds the loader's write lock (no object joins or leaves the list
 * meanwhile), along the list of the shim's namespace -- the one
 * dl_iterate_phdr reports -- from its head, or from the last object of the
 * leading run already settled while no object has left since.  Lock order
 * is always ct_libs_lock, then the loader's write lock; nothing here is
 * called with a loader lock held, and the callback takes no lock of its own.
 * ct_libs_lock is held with every signal blocked: a handler that forks (its
 * atfork handler takes the lock, so that a child never inherits a table
 * half updated by another thread) cannot run over its holder.
 * Never: the lock waited for by a thread that holds it.
 */
#include <link.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "ct.h"

/* The table starts static and doubles on the heap at 3/4 full; an object
 * that left the link map is reported and its slot freed at once (linear
 * probing with backward-shift deletion, no tombstones), so endless
 * dlopen/dlclose cycles never fill it.  Only an allocation failure with
 * every slot live leaves an object unreported (the table then holds at
 * least 768 live objects). */
#define CT_OBJ_SLOTS0 64u     /* power of two: one page; a table of more objects is mapped */

struct ct_obj {
	uintptr_t addr;     /* dlpi_addr */
	const char *name;   /* dlpi_name: the loader's l_name, valid while live */
	char *copy;         /* our copy of the name (keep.c), for the record of its unload */
	uint32_t gen;       /* last diff that saw it */
	uint8_t used;       /* slot holds a live object */
};

struct ct_diff {
	int how;
	uint32_t seq;
	const char *req, *caller, *named;
	uint64_t t0;
	const struct ct_own *own;  /* set: only these new objects are this diff's */
	int held;                  /* new objects left for the next diff */
	int walked;                /* the loader's counters had moved: the list was walked */
	unsigned long long adds, subs;   /* the loader's counters at the walk */
};

static struct ct_obj ct_objs0[CT_OBJ_SLOTS0] CT_PAGE_ALIGNED;
static struct ct_obj *ct_objs = ct_objs0;
static uint32_t ct_nslots = CT_OBJ_SLOTS0, ct_nused;
static uint32_t ct_gen;
static unsigned long long ct_seen_adds, ct_seen_subs;
/* The link map up to ct_lead was all reported (or is not reportable) by a
 * walk made while the loader's unload count was ct_lead_subs: until it
 * moves, the loader only appends, so those objects stay (and ct_lead with
 * them). */
static const struct link_map *ct_lead;
static unsigned long long ct_lead_subs;
static pthread_mutex_t ct_libs_lock CT_FORK_HOT = PTHREAD_MUTEX_INITIALIZER;

static uint32_t ct_obj_home(uintptr_t addr, const char *name)
{
	return ((uint32_t)((addr >> 12) ^ ((uintptr_t)name >> 3)) * 2654435761u) & (ct_nslots - 1);
}

/* The slot of the live object (addr, name), else the empty slot where it
 * goes; NULL only when every slot is taken. */
static struct ct_obj *ct_obj_slot(uintptr_t addr, const char *name)
{
	uint32_t h = ct_obj_home(addr, name);

	for (uint32_t i = 0; i < ct_nslots; i++) {
		struct ct_obj *o = &ct_objs[(h + i) & (ct_nslots - 1)];

		if (!o->used || (o->addr == addr && o->name == name))
			return o;
	}
	return NULL;
}

/* Doubles the table (a failed mapping keeps the old one, which still has
 * room).  Its pages are the shim's own, never the host's heap. */
static void ct_objs_grow(void)
{
	struct ct_obj *old = ct_objs, *o;
	uint32_t n = ct_nslots;

	o = (struct ct_obj *)syscall(SYS_mmap, NULL, (size_t)n * 2 * sizeof(*o),
				     (long)(PROT_READ | PROT_WRITE),
				     (long)(MAP_PRIVATE | MAP_ANONYMOUS), -1L, (off_t)0);
	if (o == MAP_FAILED)
		return;
	ct_objs = o;
	ct_nslots = n * 2;
	for (uint32_t i = 0; i < n; i++)
		if (old[i].used)
			*ct_obj_slot(old[i].addr, old[i].name) = old[i];
	if (old != ct_objs0)
		syscall(SYS_munmap, old, (size_t)n * sizeof(*old));
}

/* Empties slot i, moving later members of its probe run back so that
 * every lookup still finds them. */
static void ct_obj_delete(uint32_t i)
{
	uint32_t mask = ct_nslots - 1, j = i, k;

	for (;;) {
		j = (j + 1) & mask;
		if (!ct_objs[j].used)
			break;
		k = ct_obj_home(ct_objs[j].addr, ct_objs[j].name);
		if (i <= j ? (i < k && k <= j) : (i < k || k <= j))
			continue;   /* its home lies after the hole: it stays */
		ct_objs[i] = ct_objs[j];
		i = j;
	}
	ct_objs[i] = (struct ct_obj){ 0 };
}

static int ct_is_own(const char *name)
{
	return strcmp(name, ct_g.shim_path) == 0;
}

static void ct_obj_new(struct ct_obj *o, const struct link_map *l, const struct ct_diff *d)
{
	const char *strs[3] = { l->l_name, d->req ? d->req : "", d->caller ? d->caller : "" };
	int how = d->how;

	*o = (struct ct_obj){ .addr = l->l_addr, .name = l->l_name,
			      .copy = ct_keep_strdup(l->l_name), .gen = ct_gen, .used = 1 };
	ct_nused++;
	if (how == CT_LIB_DLOPEN && (!d->named || strcmp(d->named, l->l_name)))
		how = CT_LIB_NEEDED;
	if (ct_is_own(l->l_name))
		how = CT_LIB_OWN;
	ct_log_emit(CT_EV_LIB, d->t0, 0, 0, 0, how, d->seq, (int64_t)l->l_addr, 3, strs);
}

/* One object of the list; 1 when it is settled (reported, or not
 * reportable). */
static int ct_diff_one(struct ct_diff *d, const struct link_map *l)
{
	struct ct_obj *o;

	if (l->l_name[0] != '/')
		return 1;   /* the executable ("") and the vDSO have no file to report */
	o = ct_obj_slot(l->l_addr, l->l_name);
	if (o && !o->used && (ct_nused + 1) * 4 > ct_nslots * 3) {
		ct_objs_grow();
		o = ct_obj_slot(l->l_addr, l->l_name);
	}
	if (!o)
		return 0;
	if (o->used)
		o->gen = ct_gen;
	else if (d->own && !ct_own_has(d->own, l->l_addr, l->l_name))
		d->held = 1;   /* a workload dlopen in progress: its diff reports it */
	else
		ct_obj_new(o, l, d);
	return o->used;
}

/* The head of the shim's namespace list (the executable's): never unloaded. */
static const struct link_map *ct_list_head(void)
{
	static const struct link_map *head;
	const struct link_map *self;

	if (!head && (self = ct_self_map()))
		for (head = self; head->l_prev; head = head->l_prev)
			;
	return head;
}

/* dl_iterate_phdr's first callback, under the loader's write lock: the
 * counters, and the walk when they moved.  Objects before ct_lead are not
 * looked at: they keep an old ct_gen, never when ct_report_gone runs. */
static int ct_walk_cb(struct dl_phdr_info *info, size_t size, void *arg)
{
	struct ct_diff *d = arg;
	const struct link_map *l;
	int leading;

	(void)size;
	d->adds = info->dlpi_adds;
	d->subs = info->dlpi_subs;
	if (ct_gen && d->adds == ct_seen_adds && d->subs == ct_seen_subs)
		return 1;
	d->walked = 1;
	ct_gen++;
	leading = ct_lead && d->subs == ct_lead_subs && d->subs == ct_seen_subs;
	l = leading ? ct_lead->l_next : ct_list_head();
	if (!leading)
		ct_lead = NULL;
	for (leading = 1; l; l = l->l_next) {
		leading = ct_diff_one(d, l) && leading;
		if (leading)
			ct_lead = l;
	}
	ct_lead_subs = d->subs;
	return 1;
}

/* Slot i is looked at again after a deletion: a later member may have
 * moved into it. */
static void ct_report_gone(uint64_t t0)
{
	for (uint32_t i = 0; i < ct_nslots;) {
		struct ct_obj *o = &ct_objs[i];
		const char *strs[1] = { o->copy ? o->copy : "" };

		if (!o->used || o->gen == ct_gen) {
			i++;
			continue;
		}
		ct_log_emit(CT_EV_LIB_GONE, t0, 0, 0, 0, 0, 0, (int64_t)o->addr, 1, strs);
		ct_keep_free(o->copy);
		ct_obj_delete(i);
		ct_nused--;
	}
}

/* Compares the link map with what was reported; nothing to do when the
 * loader's add/remove counters did not move.  Objects held back keep the
 * counters where they were, so that the next diff looks again. */
static void ct_libs_walk(struct ct_diff *d)
{
	sigset_t old;

	ct_sig_block_all(&old);
	pthread_mutex_lock(&ct_libs_lock);
	if (ct_nused == 0 && ct_objs == ct_objs0)
		ct_objs0[CT_OBJ_SLOTS0 - 1].gen = 0;   /* an empty slot: the page's first touch a write (one fault, not two) */
	dl_iterate_phdr(ct_walk_cb, d);
	if (d->walked && d->subs != ct_seen_subs)
		ct_report_gone(d->t0);
	if (d->walked && !d->held) {
		ct_seen_adds = d->adds;
		ct_seen_subs = d->subs;
	}
	pthread_mutex_unlock(&ct_libs_lock);
	ct_sig_restore(&old);
}

void ct_libs_diff(int how, uint32_t seq, const char *req, const char *caller,
		  const char *named_path)
{
	struct ct_diff d = { how, seq, req, caller, named_path, ct_now_ns(), NULL, 0, 0, 0, 0 };

	ct_libs_walk(&d);
}

/* After a dlopen made while another was loading on this thread (by an
 * initialiser): the outer call's objects, mapped before tail, are left
 * for its own diff. */
void ct_libs_nested(const struct link_map *tail, uint32_t seq, const char *req,
		    const char *caller, const char *named_path)
{
	struct ct_own own;
	struct ct_diff d = { CT_LIB_DLOPEN, seq, req, caller, named_path, ct_now_ns(), &own, 0, 0, 0, 0 };

	ct_own_after(tail, &own);
	ct_libs_walk(&d);
}

/* After a dlclose: what left the link map.  New objects there belong to a
 * dlopen whose own diff is still to come (an outer call, another thread). */
void ct_libs_gone(void)
{
	struct ct_own none = { .n = 0 };
	struct ct_diff d = { CT_LIB_DLOPEN, 0, NULL, NULL, NULL, ct_now_ns(), &none, 0, 0, 0, 0 };

	ct_libs_walk(&d);
}

void ct_libs_startup(void)
{
	ct_libs_diff(CT_LIB_STARTUP, 0, NULL, NULL, NULL);
}

/* A child made without fork() ran no atfork handler: a walk that another
 * thread of its parent was making left the lock held and the table half
 * updated.  The lock (and keep.c's) starts free, and the next diff walks
 * the whole list: what the table lacks is reported, what it holds that
 * the list does not is reported gone. */
void ct_libs_unseen(void)
{
	if (pthread_mutex_trylock(&ct_libs_lock) == 0) {
		pthread_mutex_unlock(&ct_libs_lock);
		return;
	}
	ct_libs_lock = (pthread_mutex_t)PTHREAD_MUTEX_INITIALIZER;
	ct_keep_unseen();
	ct_lead = NULL;
	ct_seen_adds = ct_seen_subs = ~0ull;
}

static void ct_libs_prepare(void) { pthread_mutex_lock(&ct_libs_lock); }
static void ct_libs_release(void) { pthread_mutex_unlock(&ct_libs_lock); }

void ct_libs_atfork(void)
{
	pthread_atfork(ct_libs_prepare, ct_libs_release, ct_libs_release);
}
