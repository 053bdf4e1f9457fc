/*
 * unwind.c -- unit test of preload/unwind.c: on every stack it walks,
 * ct_unwind returns exactly the return addresses libgcc's _Unwind_Backtrace
 * reports (first walk and from kept rules), and gives up -- it never
 * guesses -- where a signal frame is on the stack.  Stacks: recursion
 * through frames with and without a frame pointer and with alloca, libc's
 * qsort calling back, a thread's stack to its outermost frame, a
 * signal handler's, a library unloaded and another loaded in its place
 * (the rule kept for its return address must be the new one's).  Code
 * that no FDE covers gets no rule (not the one of the FDE before it).
 *
 * The file under test is included, so that the kept rules can be read.
 */
#include <dlfcn.h>
#include <alloca.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <unwind.h>
#include "../../preload/unwind.c"

#define MAX 32

static int failures, checks;

struct walk {
	void **pcs;
	int n;
};

static _Unwind_Reason_Code walk_frame(struct _Unwind_Context *ctx, void *arg)
{
	struct walk *w = arg;
	void *pc = (void *)_Unwind_GetIP(ctx);

	if (!pc)   /* libgcc's outermost frame */
		return _URC_END_OF_STACK;
	w->pcs[w->n++] = pc;
	return w->n < MAX ? _URC_NO_REASON : _URC_END_OF_STACK;
}

/* The reference walk reached the outermost frame, as stack.c tells: its
 * last frame's FDE marks it so (libgcc reports a return address 0 after
 * it, LLVM's libunwind, the wheel's zig build, nothing). */
static int walk_ended(const struct walk *w)
{
	return w->n > 0 && ct_unwind_outermost((uintptr_t)w->pcs[w->n - 1]);
}

/* Both walks from here; their first frames are this function's two call
 * sites, the rest must match.  want: 1 ct_unwind walks, 0 it gives up. */
__attribute__((noinline)) static void check(const char *what, int want)
{
	void *mine[MAX], *ref[MAX];
	struct walk w = { ref, 0 };
	int n = ct_unwind(mine, MAX);

	_Unwind_Backtrace(walk_frame, &w);
	checks++;
	if ((n >= 0) != want) {
		fprintf(stderr, "unwind: %s: ct_unwind returned %d\n", what, n);
		failures++;
	} else if (n >= 0 && (n != w.n || (!walk_ended(&w) && n < MAX) ||
			      memcmp(mine + 1, ref + 1, (size_t)(n - 1) * sizeof(void *)))) {
		fprintf(stderr, "unwind: %s: %d frames, the unwinder %d (ended %d)\n", what, n, w.n,
			walk_ended(&w));
		for (int i = 0; i < MAX && (i < n || i < w.n); i++)
			fprintf(stderr, "  %2d %p %p\n", i, i < n ? mine[i] : NULL, i < w.n ? ref[i] : NULL);
		failures++;
	}
}

static const char *volatile cur_what;
static volatile int cur_want = 1;

static void check_cur(void)
{
	check(cur_what, cur_want);
}

typedef void ct_rec_fn(int depth, void (*leaf)(void));

/* One level: next one level down, or the leaf; p is the level's frame. */
static inline void rec_step(volatile char *p, int depth, void (*leaf)(void), ct_rec_fn *next)
{
	p[0] = (char)depth;
	if (depth > 0)
		next(depth - 1, leaf);
	else
		leaf();
	p[1] = p[0];
}

/* The CFA as rbp + offset: alloca moves rsp by a run-time amount. */
__attribute__((noinline, optimize("omit-frame-pointer")))
static void rec_alloca(int depth, void (*leaf)(void));

/* The CFA as rsp + offset. */
__attribute__((noinline, optimize("omit-frame-pointer")))
static void rec_plain(int depth, void (*leaf)(void))
{
	volatile char pad[40];

	rec_step(pad, depth, leaf, rec_alloca);
}

static void rec_alloca(int depth, void (*leaf)(void))
{
	rec_step(alloca((size_t)depth * 16 + 8), depth, leaf, rec_plain);
}

static int cmp_int(const void *a, const void *b)
{
	static int once;

	if (!once++)
		check_cur();
	return *(const int *)a - *(const int *)b;
}

static void through_qsort(void)
{
	int v[64];

	for (int i = 0; i < 64; i++)
		v[i] = (i * 37) % 64;
	qsort(v, 64, sizeof(int), cmp_int);
}

static void *thread_main(void *arg)
{
	(void)arg;
	rec_plain(5, check_cur);
	return NULL;
}

static void on_signal(int sig)
{
	(void)sig;
	check("in a signal handler", 0);
}

/* Runs fn twice: the rules found, then the rules kept. */
static void twice(const char *what, int want, void (*fn)(void))
{
	cur_what = what;
	cur_want = want;
	fn();
	fn();
}

static void shallow(void) { rec_plain(3, check_cur); }
static void deep(void) { rec_alloca(60, check_cur); }
static void sorted(void) { rec_plain(2, through_qsort); }

static void threaded(void)
{
	pthread_t t;

	if (pthread_create(&t, NULL, thread_main, NULL) == 0)
		pthread_join(t, NULL);
}

static void signalled(void)
{
	signal(SIGUSR1, on_signal);
	raise(SIGUSR1);
}

static uintptr_t lib_ret;   /* the return address in unwind_lib_run */

static void lib_leaf(void)
{
	lib_ret = (uintptr_t)__builtin_return_address(0);
	check_cur();
}

/* The library at path (frame bytes): walked through, then unloaded.
 * Returns the frame offset the kept rule of its return address holds. */
static int32_t lib_walk(const char *path)
{
	void *h = dlopen(path, RTLD_NOW);
	void (*run)(void (*)(void)) = h ? (void (*)(void (*)(void)))dlsym(h, "unwind_lib_run") : NULL;
	struct ct_slot *slot;
	int32_t off;

	if (!run) {
		fprintf(stderr, "unwind: %s: %s\n", path, dlerror());
		failures++;
		return 0;
	}
	cur_what = path;
	cur_want = 1;
	run(lib_leaf);
	slot = ct_slot_of(lib_ret);
	off = slot && slot->pc == lib_ret ? slot->rule.cfa_off : 0;
	dlclose(h);
	return off;
}

/* A function the unwind tables do not describe (no CFI directives). */
__asm__(".text\n\t.p2align 4\n\t.type ct_no_cfi, @function\nct_no_cfi:\n\tret\n");
void ct_no_cfi(void);

static void no_fde(void)
{
	struct ct_rule r;

	checks++;
	if (ct_rule_find((uintptr_t)ct_no_cfi + 1, &r) == 0) {
		fprintf(stderr, "unwind: a rule for code no FDE covers\n");
		failures++;
	}
}

int main(int argc, char **argv)
{
	uintptr_t first_ret;
	int32_t a, b;

	twice("shallow", 1, shallow);
	twice("deeper than kept", 1, deep);
	twice("through qsort", 1, sorted);
	twice("in a thread", 1, threaded);
	twice("in a signal handler", 0, signalled);
	no_fde();
	if (argc == 3) {
		a = lib_walk(argv[1]);
		first_ret = lib_ret;
		b = lib_walk(argv[2]);
		if (lib_ret == first_ret && a == b) {
			fprintf(stderr, "unwind: the rule of an unloaded library was kept (%d)\n", a);
			failures++;
		}
		printf("unwind: second library at the first one's address: %s\n",
		       lib_ret == first_ret ? "yes" : "no");
	}
	printf("unwind: %d checks, %d failed\n", checks, failures);
	return failures != 0;
}
