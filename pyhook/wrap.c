/*
 * wrap.c -- the C function that stands in for importlib's _find_and_load
 * and writes an import's begin and end around the real one.
 *
 * The window is the one `python -X importtime` measures.  Each thread keeps
 * its own innermost import (ct_cur) and hands it to the shim, so every
 * native record knows the import that caused it.  Never: a change to what
 * the real _find_and_load returns or raises, an exception set or cleared
 * that is not ours, an END without its BEGIN in the same log.
 */
#include <errno.h>
#include <sys/resource.h>

#include "pyhook.h"

static __thread uint32_t ct_cur;  /* innermost import on this thread, 0 none */
static uint32_t ct_fork_gen;      /* bumped in each fork child */
static uint32_t ct_next_id;       /* atomic: last import id handed out */
static PyObject *ct_orig;         /* the real _find_and_load (owned) */
static PyObject *ct_import_func;  /* builtins.__import__ at install (owned), or NULL */

struct ct_imp {
	uint32_t id, parent;
	uint32_t gen;       /* ct_fork_gen at begin */
	uint64_t t0;
	long majflt0;       /* the thread's major faults at begin, -1 unknown */
	const char *module; /* UTF-8 of the name argument, alive during the call */
};

/* The calling thread's major faults so far, -1 when unknown. */
static long ct_thread_majflt(void)
{
	struct rusage ru;
	int saved = errno;
	long n = getrusage(RUSAGE_THREAD, &ru) == 0 ? ru.ru_majflt : -1;

	errno = saved;
	return n;
}

/* Takes both references.  import_func tells the import statement's calls
 * (timed by -X importtime) from importlib's own (import_module). */
void ct_wrap_set(PyObject *orig, PyObject *import_func)
{
	ct_orig = orig;
	ct_import_func = import_func;
}

static const char *ct_wrap_name(PyObject *args)
{
	PyObject *name = ct_py.tuple_size(args) > 0 ? ct_py.tuple_get_item(args, 0) : NULL;
	const char *s = ct_py_is(name, ct_py.t_str) ? ct_py.unicode_as_utf8(name) : NULL;

	if (!s) {
		ct_py.err_clear();
		return "";
	}
	return s;
}

/* 1 when the caller is importlib's Python code rather than the import
 * statement (whose second argument is builtins.__import__). */
static int ct_wrap_via_importlib(PyObject *args)
{
	if (!ct_import_func || ct_py.tuple_size(args) < 2)
		return 0;
	return ct_py.tuple_get_item(args, 1) != ct_import_func;
}

static int ct_wrap_begin(struct ct_imp *imp, PyObject *args)
{
	const char *s[1];

	if (!ct_py_live())
		return 0;
	if (ct_py_unlikely(ct_ps.info_due))
		ct_py_info_emit();
	imp->t0 = ct_ps.api->now_ns();
	imp->majflt0 = ct_thread_majflt();
	imp->module = ct_wrap_name(args);
	imp->id = __atomic_add_fetch(&ct_next_id, 1, __ATOMIC_RELAXED);
	imp->parent = ct_cur;
	imp->gen = ct_fork_gen;
	s[0] = imp->module;
	ct_py_emit(CT_EV_IMPORT_BEGIN, imp->t0, 0, imp->id, imp->parent,
		   ct_wrap_via_importlib(args), 1, s);
	ct_cur = imp->id;
	ct_ps.api->set_import(imp->id);
	return 1;
}

/* The window ends after this function's own work, as -X importtime's
 * does: pyhook's cost lands in the import's cumulative time, not in its
 * parent's self time. */
static void ct_wrap_end(const struct ct_imp *imp, PyObject *mod)
{
	char file[1024], exc[128];
	const char *s[3] = { imp->module, file, exc };
	int kind = CT_IMP_UNKNOWN;
	long faults = imp->majflt0 < 0 ? -1 : ct_thread_majflt();
	uint64_t t1;

	if (imp->gen != ct_fork_gen) {
		/* begun in the parent before fork: the child's stack is empty */
		ct_cur = 0;
		ct_ps.api->set_import(0);
		return;
	}
	ct_cur = imp->parent;
	ct_ps.api->set_import(imp->parent);
	file[0] = exc[0] = '\0';
	if (mod && ct_py_live())
		kind = ct_import_kind(mod, file, sizeof(file));
	else if (!mod)
		ct_exc_current(exc, sizeof(exc));
	t1 = ct_ps.api->now_ns();
	/* result: 1 + major faults during the import, 0 = not measured */
	ct_ps.api->emit(CT_EV_IMPORT_END, t1, t1 - imp->t0, faults < 0 ? 0 : faults - imp->majflt0 + 1,
			0, imp->id, mod != NULL, kind, 3, s);
}

static PyObject *ct_wrap_call(PyObject *self, PyObject *args, PyObject *kw)
{
	struct ct_imp imp;
	PyObject *mod;
	int traced = ct_wrap_begin(&imp, args);

	(void)self;
	mod = ct_py.call(ct_orig, args, kw);
	if (traced)
		ct_wrap_end(&imp, mod);
	return mod;
}

static PyMethodDef ct_wrap_def = {
	"_find_and_load", (PyCFunction)(void (*)(void))ct_wrap_call,
	METH_VARARGS | METH_KEYWORDS, NULL
};

PyObject *ct_wrap_new(void)
{
	return ct_py.cfunction_new(&ct_wrap_def, NULL, NULL);
}

/* pthread_atfork child handler: only the forking thread lives on. */
void ct_wrap_fork_child(void)
{
	ct_fork_gen++;
	ct_cur = 0;
	ct_ps.api->set_import(0);
}
