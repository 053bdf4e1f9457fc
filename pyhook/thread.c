/*
 * thread.c -- who a Python thread is, read at its start event
 * (`_thread.start_new_thread`, `_thread.start_joinable_thread`; args:
 * function, args, kwargs), on the thread that starts it, just before its
 * pthread_create: the merge pairs the two (threads[].py_name).
 *
 * Runs only on thread starts.  Never: a call that could run Python code
 * (a property, __getattr__, str()): only C attributes of functions,
 * methods and frames, and the Thread's own __dict__, are read; an
 * exception left set.
 */
#include <stdio.h>
#include <string.h>

#include "pyhook.h"

#define CT_FRAMES_UP 8   /* threading.py's own frames skipped, at most */

/* o.name as text into buf (0 and no exception when it is not there). */
static size_t ct_attr_text(PyObject *o, const char *name, char *buf, size_t n)
{
	PyObject *v = o ? ct_py.getattr(o, name) : NULL;
	size_t len;

	buf[0] = 0;
	if (!v) {
		ct_py.err_clear();
		return 0;
	}
	len = ct_py_text(v, buf, n);
	ct_py.decref(v);
	return len;
}

/* A function's or bound method's __qualname__ ("" for anything else). */
static void ct_qualname(PyObject *fn, char *buf, size_t n)
{
	buf[0] = 0;
	if (fn && (ct_py_is(fn, ct_py.t_function) || ct_py_is(fn, ct_py.t_method)))
		ct_attr_text(fn, "__qualname__", buf, n);
}

/* "Class.run" of a Thread subclass (type attributes are C getsets). */
static void ct_class_run(PyObject *self, char *buf, size_t n)
{
	PyObject *cls = ct_py.getattr(self, "__class__");
	size_t len = ct_attr_text(cls, "__qualname__", buf, n);

	if (cls)
		ct_py.decref(cls);
	if (len && len + 5 < n)
		memcpy(buf + len, ".run", 5);
}

/* fn is a method bound to a threading.Thread (Thread._bootstrap): its
 * _name, and its _target's qualname (a subclass's without one: the
 * class's, its run() being the work), from the instance's __dict__. */
static void ct_thread_self(PyObject *fn, char *name, size_t nn, char *target, size_t tn)
{
	PyObject *self, *dict, *v;

	if (!ct_py_is(fn, ct_py.t_method) || !(self = ct_py.getattr(fn, "__self__"))) {
		ct_py.err_clear();
		return;
	}
	dict = ct_py.getattr(self, "__dict__");
	v = dict && ct_py_is(dict, ct_py.t_dict) ? ct_py.dict_get_item_string(dict, "_name") : NULL;
	if (v) {
		ct_py_text(v, name, nn);
		v = ct_py.dict_get_item_string(dict, "_target");
		if (v && v != ct_py.none)
			ct_qualname(v, target, tn);
		else
			ct_class_run(self, target, tn);
	}
	if (!dict)
		ct_py.err_clear();
	else
		ct_py.decref(dict);
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
		code = ct_py.getattr(frame, "f_code");
		ct_attr_text(code, "co_filename", file, sizeof(file));
		if (code)
			ct_py.decref(code);
		if (!ct_in_threading(file))
			break;
		next = ct_py.getattr(frame, "f_back");
		ct_py.decref(frame);
		frame = next && next != ct_py.none ? next : NULL;
		if (next && !frame)
			ct_py.decref(next);
	}
	ct_py.err_clear();
	if (!frame)
		return;
	line = ct_py.getattr(frame, "f_lineno");
	ct_py.decref(frame);
	if (line) {
		snprintf(buf, n, "%s:%lld", file, ct_py.long_as_long_long(line));
		ct_py.decref(line);
	}
	ct_py.err_clear();
}

void ct_thread_text(PyObject *args, char *buf, size_t n)
{
	PyObject *fn = ct_py_arg(args, 0);
	char name[128] = "", target[256] = "", at[600];

	ct_qualname(fn, target, sizeof(target));
	if (fn)
		ct_thread_self(fn, name, sizeof(name), target, sizeof(target));
	ct_started_at(at, sizeof(at));
	snprintf(buf, n, "%s\x1f%s\x1f%s", name, target, at);
}
