/*
 * threadstart.c -- who a Python thread is on Python 3.8 to 3.11, which
 * raise no audit event when a thread starts (3.12 raises
 * `_thread.start_new_thread`: thread.c).  The shim's pthread_create calls
 * ct_pyhook_thread_start when the start routine is the interpreter's own
 * (ct_api.h), on the creating thread, just before the thread exists; a
 * PY_AUDIT record "coldtrace.python_thread" with thread.c's summary then
 * precedes its THREAD_CREATE, which the merge pairs it with.
 *
 * On these versions CPython starts every Python thread with the GIL held
 * and the starter's Python frame innermost: threading's Thread.start
 * (whose local `self` is the Thread; a frame or two further up when the
 * program replaced threading's _start_new_thread with a function of its
 * own), or the code that called _thread.start_new_thread itself (whose
 * function no frame shows: no target then).
 *
 * Never: a Python call without the GIL (checked: this thread's state is
 * the one holding it), with an exception set, or during finalization;
 * code of the program run; an import; f_locals read on any frame but
 * threading's own Thread.start (a program holding locals() of its own
 * frame would see that dict change).
 */
#include <stdio.h>
#include <string.h>

#include "pyhook.h"

#define CT_START_UP 4   /* frames looked at for Thread.start, at most */

/* This thread holds the GIL: on 3.8 to 3.11 the current thread state is
 * the GIL holder's, whichever thread asks, so it must also be this
 * thread's own. */
static int ct_gil_mine(void)
{
	static void *this_state;
	PyThreadState *(*mine)(void);
	PyThreadState *ts = ct_py.thread_state();

	if (!ts)
		return 0;
	mine = (PyThreadState * (*)(void))ct_py_lazy(&this_state, "PyGILState_GetThisThreadState");
	return mine && mine() == ts;
}

/* The threading module's globals, if the program imported it (only
 * compared with, never read: no reference kept).  PyImport_GetModule
 * looks in the interpreter's own modules dict and fails (no fatal error,
 * no code run) where there is none. */
static PyObject *ct_threading_globals(void)
{
	static void *get_module;
	PyObject *(*get)(PyObject *) =
		(PyObject * (*)(PyObject *))ct_py_lazy(&get_module, "PyImport_GetModule");
	PyObject *mod = get ? get(ct_tnames[CT_TN_THREADING]) : NULL;
	PyObject *g = ct_py_is(mod, ct_py.t_module) ? ct_py.module_get_dict(mod) : NULL;

	ct_py_release(mod);
	ct_py.err_clear();
	return g;
}

/* Whether frame runs threading's own Thread.start: its globals are the
 * threading module's and its code is named "start". */
static int ct_is_thread_start(PyObject *frame, PyObject *threading)
{
	PyObject *g = ct_tattr(frame, CT_TN_F_GLOBALS);
	PyObject *code = g && g == threading ? ct_tattr(frame, CT_TN_F_CODE) : NULL;
	PyObject *v = ct_tattr(code, CT_TN_CO_NAME);
	char name[8] = "";

	if (v)
		ct_str_text(v, name, sizeof(name));
	ct_py_release(v);
	ct_py_release(code);
	ct_py_release(g);
	return !strcmp(name, "start");
}

/* Thread.start's self, as threading's name and target (f_locals fills
 * the frame's own locals dict from its fast locals: nothing else of the
 * program's changes). */
static void ct_start_self(PyObject *frame, char *name, size_t nn, char *target, size_t tn)
{
	PyObject *locals = ct_tattr(frame, CT_TN_F_LOCALS), *self;

	self = ct_py_is(locals, ct_py.t_dict) ?
	       ct_py.dict_get_item(locals, ct_tnames[CT_TN_SELF_LOCAL]) : NULL;
	if (self) {
		ct_py.incref(self);
		ct_thread_obj(self, name, nn, target, tn);
		ct_py.decref(self);
	}
	ct_py_release(locals);
	ct_py.err_clear();
}

/* The Thread.start among the innermost frames: the innermost one itself,
 * or its caller's caller... when the program put a function of its own in
 * place of threading's _start_new_thread (new reference, or NULL). */
static PyObject *ct_start_frame(void)
{
	PyObject *frame = ct_py.eval_get_frame(), *threading = ct_threading_globals(), *next;
	int up;

	if (!threading)
		return NULL;
	ct_py.incref(frame);
	for (up = 0; frame && up < CT_START_UP && !ct_is_thread_start(frame, threading); up++) {
		next = ct_tattr(frame, CT_TN_F_BACK);
		ct_py.decref(frame);
		frame = next && next != ct_py.none ? next : NULL;
		if (next && !frame)
			ct_py.decref(next);
	}
	if (frame && up == CT_START_UP) {
		ct_py.decref(frame);
		return NULL;
	}
	return frame;
}

void ct_pyhook_thread_start(void)
{
	char name[128] = "", target[256] = "", summary[1024];
	const char *s[2] = { "coldtrace.python_thread", summary };
	PyObject *frame;

	if (!ct_ps.on || ct_ps.minor >= 12 || ct_py.is_finalizing() || !ct_gil_mine() ||
	    ct_py.err_occurred() || !ct_py.eval_get_frame() || ct_thread_names() < 0)
		return;
	frame = ct_start_frame();
	if (frame) {
		ct_start_self(frame, name, sizeof(name), target, sizeof(target));
		ct_py.decref(frame);
	}
	ct_thread_summary(name, target, summary, sizeof(summary));
	ct_py_emit(CT_EV_PY_AUDIT, ct_ps.api->now_ns(), 0, 0, 0, 0, 2, s);
}
