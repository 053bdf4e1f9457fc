/*
 * libs.c -- the library inventory: which objects are in the link map, when
 * each appeared or left, and which dlopen brought it.
 *
 * One diff walks the link map (dl_iterate_phdr) and compares it with the
 * objects already reported.  Lock order is always ct_libs_lock, then the
 * loader's write lock (inside dl_iterate_phdr); nothing here is called with
 * a loader lock held, and the callback takes no lock of its own.
 */
#include <link.h>
#include <pthread.h>
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
#define CT_OBJ_SLOTS0 1024u   /* power of two */

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
	uint32_t skip;             /* leading objects known unchanged: not looked at */
	uint32_t at;               /* objects the walk has passed */
	uint32_t lead;             /* of those, the leading run that is settled */
};

static struct ct_obj ct_objs0[CT_OBJ_SLOTS0];
static struct ct_obj *ct_objs = ct_objs0;
static uint32_t ct_nslots = CT_OBJ_SLOTS0, ct_nused;
static uint32_t ct_gen;
static unsigned long long ct_seen_adds, ct_seen_subs;
/* The link map's first ct_lead objects were all reported (or are not
 * reportable) by a walk made while the loader's unload count was
 * ct_lead_subs: until it moves, the loader only appends, so those stay. */
static uint32_t ct_lead;
static unsigned long long ct_lead_subs;
static pthread_mutex_t ct_libs_lock = PTHREAD_MUTEX_INITIALIZER;

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
				     PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
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

static void ct_obj_new(struct ct_obj *o, const struct dl_phdr_info *info,
		       const struct ct_diff *d)
{
	const char *strs[3] = { info->dlpi_name, d->req ? d->req : "",
				d->caller ? d->caller : "" };
	int how = d->how;

	*o = (struct ct_obj){ .addr = info->dlpi_addr, .name = info->dlpi_name,
			      .copy = ct_keep_strdup(info->dlpi_name), .gen = ct_gen, .used = 1 };
	ct_nused++;
	if (how == CT_LIB_DLOPEN && (!d->named || strcmp(d->named, info->dlpi_name)))
		how = CT_LIB_NEEDED;
	if (ct_is_own(info->dlpi_name))
		how = CT_LIB_OWN;
	ct_log_emit(CT_EV_LIB, d->t0, 0, 0, 0, how, d->seq,
		    (int64_t)info->dlpi_addr, 3, strs);
}

/* The object just passed is settled (reported, or not reportable). */
static void ct_diff_settled(struct ct_diff *d, int settled)
{
	if (settled && d->lead == d->at - 1)
		d->lead = d->at;
}

static int ct_diff_cb(struct dl_phdr_info *info, size_t size, void *arg)
{
	struct ct_diff *d = arg;
	struct ct_obj *o;

	(void)size;
	if (d->at++ < d->skip) {
		d->lead = d->at;
		return 0;
	}
	if (info->dlpi_name[0] != '/') {
		ct_diff_settled(d, 1);
		return 0;   /* the executable ("") and the vDSO have no file to report */
	}
	o = ct_obj_slot(info->dlpi_addr, info->dlpi_name);
	if (o && !o->used && (ct_nused + 1) * 4 > ct_nslots * 3) {
		ct_objs_grow();
		o = ct_obj_slot(info->dlpi_addr, info->dlpi_name);
	}
	if (!o)
		return 0;
	if (o->used)
		o->gen = ct_gen;
	else if (d->own && !ct_own_has(d->own, info->dlpi_addr, info->dlpi_name))
		d->held = 1;   /* a workload dlopen in progress: its diff reports it */
	else
		ct_obj_new(o, info, d);
	ct_diff_settled(d, o->used);
	return 0;
}

static int ct_counts_cb(struct dl_phdr_info *info, size_t size, void *arg)
{
	(void)size;
	((unsigned long long *)arg)[0] = info->dlpi_adds;
	((unsigned long long *)arg)[1] = info->dlpi_subs;
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
	unsigned long long counts[2] = { 0, 0 };

	pthread_mutex_lock(&ct_libs_lock);
	dl_iterate_phdr(ct_counts_cb, counts);
	if (ct_gen && counts[0] == ct_seen_adds && counts[1] == ct_seen_subs) {
		pthread_mutex_unlock(&ct_libs_lock);
		return;
	}
	ct_gen++;
	/* a skipped object keeps an old ct_gen: never when ct_report_gone runs */
	d->skip = counts[1] == ct_lead_subs && counts[1] == ct_seen_subs ? ct_lead : 0;
	dl_iterate_phdr(ct_diff_cb, d);
	ct_lead = d->lead;
	ct_lead_subs = counts[1];
	if (counts[1] != ct_seen_subs)
		ct_report_gone(d->t0);
	if (!d->held) {
		ct_seen_adds = counts[0];
		ct_seen_subs = counts[1];
	}
	pthread_mutex_unlock(&ct_libs_lock);
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

static void ct_libs_prepare(void) { pthread_mutex_lock(&ct_libs_lock); }
static void ct_libs_release(void) { pthread_mutex_unlock(&ct_libs_lock); }

void ct_libs_atfork(void)
{
	pthread_atfork(ct_libs_prepare, ct_libs_release, ct_libs_release);
}
