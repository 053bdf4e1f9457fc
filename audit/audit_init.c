/*
 * audit_init.c -- each object's initialisers timed one object at a time,
 * and the load operation's phase boundaries (docs/loader-audit.md).
 *
 * At la_objopen (before relocation) ld.so's own l_info[DT_INIT] of the
 * object is pointed at a fake dynamic entry of ours whose d_ptr, plus the
 * object's l_addr (call_init adds it), is one of a pool of wrappers, and
 * l_info[DT_INIT_ARRAY] is cleared; the wrapper runs DT_INIT then every
 * DT_INIT_ARRAY entry as call_init would (same order, argc, argv, envp)
 * and logs the object's cost with any nested load operation (a dlopen
 * from one of its initialisers) subtracted.  ld.so runs initialisers with
 * its load lock held, so one thread at a time is inside: the frames are
 * plain globals.  Never: the object's own .dynamic or .init_array
 * written, an object wrapped whose l_info was not verified (audit_linfo.c),
 * an initialiser skipped or run twice.
 */
#include <string.h>

#include "audit.h"
#include "audit_linfo.h"
#include "kclock.h"

#define CT_SLOTS 1024           /* objects wrapped per process image; later ones observed only */
#define CT_DEPTH 64             /* nested initialisers timed; deeper ones run untimed */

typedef void ct_init_fn(int argc, char **argv, char **envp);

struct ct_slot {
	uintptr_t id;           /* the audit id (O lines) */
	ElfW(Addr) l_addr;
	const ElfW(Dyn) *init, *array, *arraysz;   /* ld.so's entries (in the object's .dynamic) */
	ElfW(Dyn) fake;         /* what l_info[DT_INIT] points at instead */
};

/* One running wrapper; nested: the load operations its initialisers ran. */
struct ct_frame {
	uintptr_t id;
	struct ct_cost c0, nested;
	struct ct_cost n_start, n_last;   /* the nested operation in progress */
	int n_open;
};

static struct ct_slot ct_slots[CT_SLOTS];
static unsigned ct_nslots;
static struct ct_frame ct_frames[CT_DEPTH];
static unsigned ct_depth;
static int ct_op_open, ct_op_tid, ct_refusal_said;

static void ct_cost_line(char kind, uintptr_t id, const struct ct_cost *c)
{
	ct_line("%c %llu %d %lu %llu %llu %llu %llu\n", kind, (unsigned long long)c->t_ns, ct_tid(),
		(unsigned long)id, (unsigned long long)c->cpu_ns, (unsigned long long)c->minflt,
		(unsigned long long)c->majflt, (unsigned long long)c->read_bytes);
}

/* The nested operation in progress ends where it was last seen. */
static void ct_nested_commit(struct ct_frame *f)
{
	if (f->n_open)
		ct_cost_sub(&f->nested, &f->n_last, &f->n_start);
	f->n_open = 0;
}

static void ct_nested_seen(const struct ct_cost *c)
{
	if (ct_depth && ct_frames[ct_depth - 1].n_open)
		ct_frames[ct_depth - 1].n_last = *c;
}

void ct_op_event(void)
{
	struct ct_cost c;
	struct ct_frame *f;
	int tid = ct_tid();

	if (ct_op_open && ct_op_tid == tid)
		return;
	ct_op_open = 1;
	ct_op_tid = tid;
	ct_cost_now(&c);
	ct_cost_line('R', 0, &c);   /* R ... 0: an operation starts */
	if (!ct_depth)
		return;
	f = &ct_frames[ct_depth - 1];
	ct_nested_commit(f);
	f->n_start = f->n_last = c;
	f->n_open = 1;
}

void ct_op_consistent(void)
{
	struct ct_cost c;

	ct_op_open = 0;
	ct_cost_now(&c);
	ct_cost_line('R', 1, &c);   /* R ... 1: all mapped, relocation follows */
	ct_nested_seen(&c);
}

static void ct_call_entries(const struct ct_slot *s, int argc, char **argv, char **envp,
			    unsigned *n)
{
	const ElfW(Addr) *addrs;
	size_t i, count;

	if (s->init) {
		((ct_init_fn *)(s->l_addr + s->init->d_un.d_ptr))(argc, argv, envp);
		++*n;
	}
	if (!s->array)
		return;
	count = s->arraysz ? s->arraysz->d_un.d_val / sizeof(ElfW(Addr)) : 0;
	addrs = (const ElfW(Addr) *)(s->array->d_un.d_ptr + s->l_addr);
	for (i = 0; i < count; i++, ++*n)
		((ct_init_fn *)addrs[i])(argc, argv, envp);
}

/* E t tid id entries self(ns cpu minflt majflt read_bytes) then the
 * counters at the end (cpu minflt majflt read_bytes). */
static void ct_end_line(const struct ct_frame *f, const struct ct_cost *end, unsigned n)
{
	struct ct_cost self = { 0, 0, 0, 0, 0 };

	ct_cost_sub(&self, end, &f->c0);
	self.t_ns -= f->nested.t_ns;
	self.cpu_ns -= f->nested.cpu_ns;
	self.minflt -= f->nested.minflt;
	self.majflt -= f->nested.majflt;
	self.read_bytes -= f->nested.read_bytes;
	ct_line("E %llu %d %lu %u %llu %llu %llu %llu %llu %llu %llu %llu %llu\n",
		(unsigned long long)end->t_ns, ct_tid(), (unsigned long)f->id, n,
		(unsigned long long)self.t_ns, (unsigned long long)self.cpu_ns,
		(unsigned long long)self.minflt, (unsigned long long)self.majflt,
		(unsigned long long)self.read_bytes, (unsigned long long)end->cpu_ns,
		(unsigned long long)end->minflt, (unsigned long long)end->majflt,
		(unsigned long long)end->read_bytes);
}

static void ct_call_init(unsigned slot, int argc, char **argv, char **envp)
{
	const struct ct_slot *s = &ct_slots[slot];
	struct ct_frame *f;
	struct ct_cost end;
	unsigned n = 0;

	if (ct_depth == CT_DEPTH) {
		ct_call_entries(s, argc, argv, envp, &n);
		return;
	}
	f = &ct_frames[ct_depth++];
	memset(f, 0, sizeof(*f));
	f->id = s->id;
	ct_cost_now(&f->c0);
	ct_cost_line('B', s->id, &f->c0);
	ct_call_entries(s, argc, argv, envp, &n);
	ct_cost_now(&end);
	ct_nested_commit(f);
	ct_end_line(f, &end, n);
	ct_depth--;
	ct_nested_seen(&end);
}

/* The wrappers: ct_w<digits>, each passing its slot number. */
#define CT_W1(p, i) static void ct_w##p(int c, char **v, char **e) { ct_call_init(i, c, v, e); }
#define CT_T1(p, i) ct_w##p,
#define CT_W8(X, p, b) X(p##0, 8 * (b) + 0) X(p##1, 8 * (b) + 1) X(p##2, 8 * (b) + 2) \
	X(p##3, 8 * (b) + 3) X(p##4, 8 * (b) + 4) X(p##5, 8 * (b) + 5) X(p##6, 8 * (b) + 6) \
	X(p##7, 8 * (b) + 7)
#define CT_W64(X, p, b) CT_W8(X, p##0, 8 * (b) + 0) CT_W8(X, p##1, 8 * (b) + 1) \
	CT_W8(X, p##2, 8 * (b) + 2) CT_W8(X, p##3, 8 * (b) + 3) CT_W8(X, p##4, 8 * (b) + 4) \
	CT_W8(X, p##5, 8 * (b) + 5) CT_W8(X, p##6, 8 * (b) + 6) CT_W8(X, p##7, 8 * (b) + 7)
#define CT_W512(X, p, b) CT_W64(X, p##0, 8 * (b) + 0) CT_W64(X, p##1, 8 * (b) + 1) \
	CT_W64(X, p##2, 8 * (b) + 2) CT_W64(X, p##3, 8 * (b) + 3) CT_W64(X, p##4, 8 * (b) + 4) \
	CT_W64(X, p##5, 8 * (b) + 5) CT_W64(X, p##6, 8 * (b) + 6) CT_W64(X, p##7, 8 * (b) + 7)
#define CT_WALL(X) CT_W512(X, 0, 0) CT_W512(X, 1, 1)

CT_WALL(CT_W1)
static ct_init_fn *const ct_wrappers[CT_SLOTS] = { CT_WALL(CT_T1) };

/* Once per image: why nothing is wrapped (the log says "observe only"). */
static int ct_refused(void)
{
	const char *why = ct_linfo_refusal();

	if (why && !ct_refusal_said) {
		ct_refusal_said = 1;
		ct_line("N %llu 0 observe only: %s\n",
			(unsigned long long)ct_kclock_ns(CLOCK_MONOTONIC), why);
	}
	return why != NULL;
}

/* The object's dynamic array names an initialiser (read-only look). */
static int ct_has_init(const struct link_map *map)
{
	const ElfW(Dyn) *d;

	for (d = map->l_ld; d && d->d_tag != DT_NULL; d++)
		if (d->d_tag == DT_INIT || d->d_tag == DT_INIT_ARRAY)
			return 1;
	return 0;
}

void ct_init_wrap(struct link_map *map, uintptr_t id)
{
	ElfW(Dyn) **info;
	struct ct_slot *s;

	if (!map->l_name[0] || !ct_has_init(map) || ct_refused())
		return;   /* the program's own initialisers are libc's to run */
	info = ct_linfo(map);
	if (!info) {
		ct_line("N %llu %lu observe only: l_info not verified against l_ld\n",
			(unsigned long long)ct_kclock_ns(CLOCK_MONOTONIC), (unsigned long)id);
		return;
	}
	if ((!info[DT_INIT] && !info[DT_INIT_ARRAY]))
		return;   /* call_init would run nothing: leave it so */
	if (ct_nslots == CT_SLOTS) {
		ct_line("N %llu %lu observe only: more than %d objects\n",
			(unsigned long long)ct_kclock_ns(CLOCK_MONOTONIC), (unsigned long)id, CT_SLOTS);
		return;
	}
	s = &ct_slots[ct_nslots];
	*s = (struct ct_slot){ id, map->l_addr, info[DT_INIT], info[DT_INIT_ARRAY],
			       info[DT_INIT_ARRAYSZ], { DT_INIT, { 0 } } };
	s->fake.d_un.d_ptr = (ElfW(Addr))ct_wrappers[ct_nslots++] - map->l_addr;
	info[DT_INIT] = &s->fake;
	info[DT_INIT_ARRAY] = NULL;
}
