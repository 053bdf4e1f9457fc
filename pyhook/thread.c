/*
 * thread.c -- who a Python thread is, read at its start event
 * (`_thread.start_new_thread`, `_thread.start_joinable_thread`; args:
 * function, args, kwargs), on the thread that starts it, just before its
 * pthread_create: the merge pairs the two (threads[].py_name).  Also what
 * threadstart.c reads the same way on Python 3.8 to 3.11.
 *
 * Runs only on thread starts, with the GIL held.  Never: a call that could
 * run Python code (a property, __getattr__, str()): only C attributes of
 * functions, methods, code and frames, and the Thread's own __dict__ (as
 * object.__dict__ gives it) and type, are read; an exception left set.
 */
#include <stdio.h>
#include <string.h>

#include "pyhook.h"

#define CT_FRAMES_UP 8   /* threading.py's own frames skipped, at most */

/* Attribute names, interned at the first thread start: a lookup by C
 * string builds a new string each time, which also misses the type's
 * attribute cache. */
static const char *const ct_tname_text[CT_TN_COUNT] = {
	[CT_TN_F_CODE] = "f_code", [CT_TN_F_BACK] = "f_back", [CT_TN_F_LINENO] = "f_lineno",
	[CT_TN_F_GLOBALS] = "f_globals", [CT_TN_F_LOCALS] = "f_locals",
	[CT_TN_CO_FILENAME] = "co_filename", [CT_TN_CO_NAME] = "co_name",
	[CT_TN_QUALNAME] = "__qualname__", [CT_TN_SELF] = "__self__", [CT_TN_NAME] = "_name",
	[CT_TN_TARGET] = "_target", [CT_TN_SELF_LOCAL] = "self", [CT_TN_THREADING] = "threading",
};
PyObject *ct_tnames[CT_TN_COUNT];

/* With the GIL held; 0, or -1 (no exception left) when one cannot be made. */
int ct_thread_names(void)
{
	return ct_py_intern_all(ct_tnames, ct_tname_text, CT_TN_COUNT);
}

/* The interpreter that interned them is gone (init.c). */
void ct_thread_forget(void)
{
	memset(ct_tnames, 0, sizeof(ct_tnames));
}

PyObject *ct_tattr(PyObject *o, int name)
{
	PyObject *v = o ? ct_py.getattr_obj(o, ct_tnames[name]) : NULL;

	if (!v)
		ct_py.err_clear();
	return v;
}

/* o.name as text into buf (0 and no exception when it is not there). */
static size_t ct_attr_text(PyObject *o, int name, char *buf, size_t n)
{
	PyObject *v = ct_tattr(o, name);
	size_t len;

	buf[0] = 0;
	if (!v)
		return 0;
	len = ct_py_text(v, buf, n);
	ct_py.decref(v);
	return len;
}

/* A function's or bound method's __qualname__ ("" for anything else). */
static void ct_qualname(PyObject *fn, char *buf, size_t n)
{
	buf[0] = 0;
	if (fn && (ct_py_is(fn, ct_py.t_function) || ct_py_is(fn, ct_py.t_method)))
		ct_attr_text(fn, CT_TN_QUALNAME, buf, n);
}

/* "Class.run" of a Thread subclass (its type from PyObject_Type, not
 * __class__, which the class may override; type attributes are C getsets). */
static void ct_class_run(PyObject *self, char *buf, size_t n)
{
	PyObject *cls = ct_py.type_of(self);
	size_t len = ct_attr_text(cls, CT_TN_QUALNAME, buf, n);

	ct_py_release(cls);
	if (len && len + 5 < n)
		memcpy(buf + len, ".run", 5);
}

/* The instance's own __dict__ (new reference, NULL and no exception when
 * it has none), as object.__dict__ gives it: no __getattribute__ or
 * __dict__ property of a subclass runs. */
static PyObject *ct_instance_dict(PyObject *self)
{
	static void *get_dict;
	PyObject *(*fn)(PyObject *, void *) =
		(PyObject *(*)(PyObject *, void *))ct_py_lazy(&get_dict, "PyObject_GenericGetDict");
	PyObject *dict = fn ? fn(self, NULL) : NULL;

	if (!dict)
		ct_py.err_clear();
	return dict;
}

/* self is a threading.Thread: its _name, and its _target's qualname (a
 * subclass's without one: the class's, its run() being the work), from
 * the instance's __dict__. */
void ct_thread_obj(PyObject *self, char *name, size_t nn, char *target, size_t tn)
{
	PyObject *dict = ct_instance_dict(self), *v;

	v = ct_py_is(dict, ct_py.t_dict) ? ct_py.dict_get_item(dict, ct_tnames[CT_TN_NAME]) : NULL;
	if (v) {
		ct_py_text(v, name, nn);
		v = ct_py.dict_get_item(dict, ct_tnames[CT_TN_TARGET]);
		if (v && v != ct_py.none)
			ct_qualname(v, target, tn);
		else
			ct_class_run(self, target, tn);
	}
	ct_py_release(dict);
}

/* fn is a method bound to a threading.Thread (Thread._bootstrap). */
static void ct_thread_self(PyObject *fn, char *name, size_t nn, char *target, size_t tn)
{
	PyObject *self;

	if (!ct_py_is(fn, ct_py.t_method) || !(self = ct_tattr(fn, CT_TN_SELF)))
		return;
	ct_thread_obj(self, name, nn, target, tn);
	ct_py.decref(self);
}

/* Whether frame's code is threading.py's (Thread.start and its helpers). */
static int ct_in_threading(const char *file)
{
	size_t len = strlen(file);

	return len >= 13 && !strcmp(file + len - 13, "/threading.py");
}

/* "file:line" of the innermost frame outside threading.py (new refs
 * taken and dropped one by one: f_back and f_code are C attributes). */
static void ct_started_at(char *buf, size_t n)
{
	PyObject *frame = ct_py.eval_get_frame(), *code, *next, *line;
	char file[512];
	int up;

	buf[0] = 0;
	if (!frame)
		return;
	ct_py.incref(frame);
	for (up = 0; frame && up < CT_FRAMES_UP; up++) {
		code = ct_tattr(frame, CT_TN_F_CODE);
		ct_attr_text(code, CT_TN_CO_FILENAME, file, sizeof(file));
		ct_py_release(code);
		if (!ct_in_threading(file))
			break;
		next = ct_tattr(frame, CT_TN_F_BACK);
		ct_py.decref(frame);
		frame = next && next != ct_py.none ? next : NULL;
		if (next && !frame)
			ct_py.decref(next);
	}
	ct_py.err_clear();
	if (!frame)
		return;
	line = ct_tattr(frame, CT_TN_F_LINENO);
	ct_py.decref(frame);
	if (line) {
		snprintf(buf, n, "%s:%lld", file, ct_py.long_as_long_long(line));
		ct_py.decref(line);
	}
	ct_py.err_clear();
}

/* "name\x1ftarget\x1ffile:line", where the thread is started from. */
void ct_thread_summary(const char *name, const char *target, char *buf, size_t n)
{
	char at[600];

	ct_started_at(at, sizeof(at));
	snprintf(buf, n, "%s\x1f%s\x1f%s", name, target, at);
}

void ct_thread_text(PyObject *args, char *buf, size_t n)
{
	PyObject *fn = ct_py_arg(args, 0);
	char name[128] = "", target[256] = "";

	buf[0] = 0;
	if (ct_thread_names() < 0)
		return;
	ct_qualname(fn, target, sizeof(target));
	if (fn)
		ct_thread_self(fn, name, sizeof(name), target, sizeof(target));
	ct_thread_summary(name, target, buf, n);
}
