/*
 * merge_exit.c -- the exit path's windows of one image, from its EXIT_MARK
 * records (docs/record-processes.md, "Exit phases"): the program's work
 * after its last import, Python's atexit callbacks, interpreter
 * finalisation, the C atexit handlers and the native exit up to the EXIT
 * record, each with the marking thread's CPU time across it where both of
 * its ends are marks of one thread.  Never: a window whose ends are out of
 * order (it is empty), a CPU time from two threads' clocks.
 */
#include <string.h>

#include "lib/json.h"
#include "merge_int.h"

/* Keeps the first record of each mark: a second (an embedding program's
 * next interpreter lifetime, exit() from a handler) does not move a phase. */
void ct_exit_mark_feed(struct ct_build *b, const struct ct_logrec *ev)
{
	int64_t m = ev->rec->a0;
	struct ct_mark *k;

	if (m <= 0 || m >= CT_MARKS || b->marks[m].t_ns)
		return;
	k = &b->marks[m];
	k->t_ns = ev->rec->t_ns;
	k->cpu_ns = ev->rec->a1 > 0 ? ev->rec->a1 : 0;
	k->tid = ev->tid;
}

/* The window from mark ma (or time a when ma is 0) to mark mb (or time b). */
static void ct_win(struct ct_exit_win *w, const struct ct_mark *marks, int ma, uint64_t a,
		   int mb, uint64_t b)
{
	const struct ct_mark *x = ma ? &marks[ma] : NULL, *y = mb ? &marks[mb] : NULL;

	w->a = x ? x->t_ns : a;
	w->b = y ? y->t_ns : b;
	if (!w->a || !w->b || w->b <= w->a) {
		w->a = w->b = 0;
		return;
	}
	w->cpu_known = x && y && x->tid == y->tid && x->cpu_ns && y->cpu_ns >= x->cpu_ns;
	w->cpu = w->cpu_known ? y->cpu_ns - x->cpu_ns : 0;
}

/* The first of marks that was seen, 0 none. */
static int ct_first_seen(const struct ct_mark *m, const int *marks, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (m[marks[i]].t_ns)
			return marks[i];
	return 0;
}

/* The program's work ends where its exit begins: Python's, else the end of
 * Python's atexit, else the native exit, else (no marks: an older log) the
 * image's end.  Finalisation begins where Python's atexit is seen to end. */
void ct_exit_windows(struct ct_exit *x, const struct ct_build *b, uint64_t last_imp,
		     uint64_t life_end)
{
	static const int starts[] = { CT_MARK_PY_EXIT_STARTS, CT_MARK_PY_ATEXIT_DONE,
				      CT_MARK_EXIT_STARTS };
	static const int atexit_ends[] = { CT_MARK_PY_ATEXIT_DONE, CT_MARK_PY_ATEXIT_STARTS };
	const struct ct_mark *m = b->marks;
	int start = ct_first_seen(m, starts, 3), py_end = ct_first_seen(m, atexit_ends, 2);

	memset(x, 0, sizeof(*x));
	x->seen = m[CT_MARK_EXIT_STARTS].t_ns || m[CT_MARK_HANDLERS_DONE].t_ns;
	x->py_start = start == CT_MARK_PY_EXIT_STARTS;
	x->py_fin = py_end && m[CT_MARK_PY_FINALIZED].t_ns;
	ct_win(&x->w[CT_XW_WORK], m, 0, last_imp, start, life_end);
	if (x->py_start && py_end)
		ct_win(&x->w[CT_XW_PYATEXIT], m, CT_MARK_PY_EXIT_STARTS, 0, py_end, 0);
	if (x->py_fin)
		ct_win(&x->w[CT_XW_FINAL], m, py_end, 0, CT_MARK_PY_FINALIZED, 0);
	ct_win(&x->w[CT_XW_CATEXIT], m, CT_MARK_EXIT_STARTS, 0, CT_MARK_HANDLERS_DONE, 0);
	ct_win(&x->w[CT_XW_NATIVE], m, CT_MARK_HANDLERS_DONE, 0, 0,
	       b->p->has_exit ? b->p->exit_ns : 0);
}

struct ct_exit_win *ct_exit_window_of(struct ct_exit *x, uint64_t t)
{
	int i;

	for (i = 0; i < CT_XW_N; i++)
		if (x->w[i].a && t >= x->w[i].a && t < x->w[i].b)
			return &x->w[i];
	return NULL;
}

/* time.windows: where each window seen lies (whole: the dlopen and
 * file-system time inside it included), for views that draw them. */
cJSON *ct_exit_windows_json(const struct ct_exit *x)
{
	static const char *const names[CT_XW_N] = { "program_work", "python_atexit",
						    "finalization", "c_atexit", "native_exit" };
	cJSON *arr = cJSON_CreateArray(), *o;
	int i;

	for (i = 0; arr && i < CT_XW_N; i++) {
		if (!x->w[i].a)
			continue;
		o = cJSON_CreateObject();
		if (ct_push_or_drop(arr, o,
				    ct_add_str(o, "phase", i == CT_XW_WORK && !x->py_start
							   ? "after_imports" : names[i]) ||
				    ct_add_int(o, "start_ns", (int64_t)x->w[i].a) ||
				    ct_add_int(o, "end_ns", (int64_t)x->w[i].b))) {
			cJSON_Delete(arr);
			return NULL;
		}
	}
	return arr;
}
