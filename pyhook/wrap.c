/*
 * wrap.c -- the C function that stands in for importlib's _find_and_load
 * and writes an import's begin and end around the real one.
 *
 * The window is the one `python -X importtime` measures.  Each thread's
 * innermost import is kept by the shim (api->set_import), so every native
 * record knows the import that caused it.  Never: a change to what
 * the real _find_and_load returns or raises, an exception set or cleared
 * that is not ours, an END without its BEGIN in the same log.
 */
#include <errno.h>
#include <sys/resource.h>

#include "pyhook.h"

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
	long n = !ct_ps.api->sealed() && getrusage(RUSAGE_THREAD, &ru) == 0 ? ru.ru_majflt : -1;

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

/* The module name, the call's first argument (no exception is set when a
 * function is called: a TypeError of a name that is not text is ours). */
static const char *ct_wrap_name(PyObject *const *args, Py_ssize_t nargs)
{
	const char *s = nargs > 0 ? ct_py.unicode_as_utf8(args[0]) : NULL;

	if (!s) {
		ct_py.err_clear();
		return "";
	}
	return s;
}

/* 1 when the caller is importlib's Python code rather than the import
 * statement (whose second argument is builtins.__import__). */
static int ct_wrap_via_importlib(PyObject *const *args, Py_ssize_t nargs)
{
	return ct_import_func && nargs >= 2 && args[1] != ct_import_func;
}

/* args: the positional arguments (at least nargs of them). */
static int ct_wrap_begin(struct ct_imp *imp, PyObject *const *args, Py_ssize_t nargs)
{
	const char *s[1];

	if (!ct_py_live())
		return 0;
	if (ct_py_unlikely(ct_ps.info_due))
		ct_py_info_emit();
	imp->t0 = ct_ps.api->now_ns();
	imp->majflt0 = ct_thread_majflt();
	imp->module = ct_wrap_name(args, nargs);
	imp->id = __atomic_add_fetch(&ct_next_id, 1, __ATOMIC_RELAXED);
	imp->parent = ct_ps.api->get_import();
	imp->gen = ct_fork_gen;
	s[0] = imp->module;
	ct_py_emit(CT_EV_IMPORT_BEGIN, imp->t0, 0, imp->id, imp->parent,
		   ct_wrap_via_importlib(args, nargs), 1, s);
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
		ct_ps.api->set_import(0);
		return;
	}
	ct_ps.api->set_import(imp->parent);
	file[0] = exc[0] = '\0';
	if (mod && ct_py_live()) {
		kind = ct_import_kind(mod, file, sizeof(file));
		ct_exit_watch(imp->module, mod);
	} else if (!mod)
		ct_exc_current(exc, sizeof(exc));
	t1 = ct_ps.api->now_ns();
	/* result: 1 + major faults during the import, 0 = not measured */
	ct_ps.api->emit(CT_EV_IMPORT_END, t1, t1 - imp->t0, faults < 0 ? 0 : faults - imp->majflt0 + 1,
			0, imp->id, mod != NULL, kind, exc[0] ? 3 : 2, s);
}

/* The wrapper called the vectorcall way (3.9 on): no tuple made for the
 * arguments, in either call. */
static PyObject *ct_wrap_fast(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
			      PyObject *kwnames)
{
	struct ct_imp imp;
	int traced = ct_wrap_begin(&imp, args, nargs);
	PyObject *mod;

	(void)self;
	mod = ct_py.vectorcall(ct_orig, args, (size_t)nargs, kwnames);
	if (traced)
		ct_wrap_end(&imp, mod);
	return mod;
}

/* 3.8, where PyObject_Vectorcall is inline only: a tuple and a dict. */
static PyObject *ct_wrap_tuple(PyObject *self, PyObject *args, PyObject *kw)
{
	struct ct_imp imp;
	PyObject *first[2];
	Py_ssize_t n = ct_py.tuple_size(args);
	int traced;
	PyObject *mod;

	(void)self;
	for (Py_ssize_t i = 0; i < n && i < 2; i++)
		first[i] = ct_py.tuple_get_item(args, i);
	traced = ct_wrap_begin(&imp, first, n < 2 ? n : 2);
	mod = ct_py.call(ct_orig, args, kw);
	if (traced)
		ct_wrap_end(&imp, mod);
	return mod;
}

static PyMethodDef ct_wrap_fast_def = {
	"_find_and_load", (PyCFunction)(void (*)(void))ct_wrap_fast,
	METH_FASTCALL | METH_KEYWORDS, NULL
};

static PyMethodDef ct_wrap_tuple_def = {
	"_find_and_load", (PyCFunction)(void (*)(void))ct_wrap_tuple,
	METH_VARARGS | METH_KEYWORDS, NULL
};

PyObject *ct_wrap_new(void)
{
	return ct_py.cfunction_new(ct_py.vectorcall ? &ct_wrap_fast_def : &ct_wrap_tuple_def,
				   NULL, NULL);
}

/* pthread_atfork child handler: only the forking thread lives on. */
void ct_wrap_fork_child(void)
{
	ct_fork_gen++;
	ct_ps.api->set_import(0);
}
