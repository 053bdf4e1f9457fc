/*
 * exitstart.c -- the EXIT_MARK records of Python's exit: where it begins
 * and where interpreter finalisation ends.
 *
 * Py_FinalizeEx's first step (3.8 to 3.13) calls threading._shutdown when
 * threading was imported (it looks the attribute up at that call); its next
 * steps run the atexit callbacks, last registered first, then tear the
 * interpreter down.  So once threading's import ends, _shutdown is replaced
 * by a C function that calls the real one between CT_MARK_PY_EXIT_STARTS
 * and CT_MARK_PY_ATEXIT_STARTS; once atexit's import ends, before anyone
 * can register with it, a callback is registered that writes
 * CT_MARK_PY_ATEXIT_DONE, last of them all.  Without threading the start
 * is not seen (docs/record-processes.md says how the parts read then).
 * Never: a second replacement, a change to what _shutdown returns or
 * raises, an exception of ours left set.
 */
#include <string.h>

#include "kclock.h"
#include "pyhook.h"

static PyObject *ct_shutdown_orig;   /* the real threading._shutdown (owned) */

/* One EXIT_MARK record with the thread's CPU time (the thread CPU clock
 * may be a system call: 0 after a seccomp filter). */
void ct_py_exit_mark(int mark)
{
	uint64_t cpu = ct_ps.api->sealed() ? 0 : ct_kclock_ns(CLOCK_THREAD_CPUTIME_ID);

	ct_py_emit(CT_EV_EXIT_MARK, ct_ps.api->now_ns(), 0, mark, (int64_t)cpu, 0, 0, NULL);
}

static PyObject *ct_shutdown(PyObject *self, PyObject *args, PyObject *kw)
{
	PyObject *r;

	(void)self;
	if (ct_ps.on)
		ct_py_exit_mark(CT_MARK_PY_EXIT_STARTS);
	r = ct_py.call(ct_shutdown_orig, args, kw);
	if (ct_ps.on)
		ct_py_exit_mark(CT_MARK_PY_ATEXIT_STARTS);
	return r;
}

static PyObject *ct_atexit_done(PyObject *self, PyObject *unused)
{
	(void)self;
	(void)unused;
	if (ct_ps.on)
		ct_py_exit_mark(CT_MARK_PY_ATEXIT_DONE);
	ct_py.incref(ct_py.none);
	return ct_py.none;
}

static PyMethodDef ct_shutdown_def = {
	"_shutdown", (PyCFunction)(void (*)(void))ct_shutdown, METH_VARARGS | METH_KEYWORDS, NULL
};

static PyMethodDef ct_atexit_def = {
	"coldtrace_atexit_done", ct_atexit_done, METH_NOARGS, NULL
};

/* atexit.register(the marker), once, when atexit's import returned mod. */
static void ct_atexit_watch(PyObject *mod)
{
	static int done;
	PyObject *reg, *fn, *r = NULL;

	if (done)
		return;
	done = 1;
	reg = ct_py.getattr(mod, "register");
	fn = reg ? ct_py.cfunction_new(&ct_atexit_def, NULL, NULL) : NULL;
	if (fn)
		r = ct_py.call_objargs(reg, fn, NULL);
	if (!r) {
		ct_py.err_clear();
		ct_py_debug("the end of Python's atexit unseen", "cannot register with atexit");
	}
	ct_py_release(r);
	ct_py_release(fn);
	ct_py_release(reg);
}

/* The interpreter is gone (ct_py_lifetime_end): its reference is not ours
 * to drop any more, and a next lifetime's threading gets its own wrapper. */
void ct_exit_forget(void)
{
	ct_shutdown_orig = NULL;
}

/* An import of name just returned mod (no exception set). */
void ct_exit_watch(const char *name, PyObject *mod)
{
	PyObject *orig, *fn;

	if (!strcmp(name, "atexit"))
		ct_atexit_watch(mod);
	if (ct_shutdown_orig || strcmp(name, "threading"))
		return;
	orig = ct_py.getattr(mod, "_shutdown");
	fn = orig ? ct_py.cfunction_new(&ct_shutdown_def, NULL, NULL) : NULL;
	if (!fn || ct_py.setattr(mod, "_shutdown", fn) < 0) {
		ct_py_release(fn);
		ct_py_release(orig);
		ct_py.err_clear();
		ct_py_debug("Python's exit start unseen", "cannot wrap threading._shutdown");
		return;
	}
	ct_py.decref(fn);   /* the module holds it now */
	ct_shutdown_orig = orig;
}
