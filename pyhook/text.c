/*
 * text.c -- short text for an audit event's arguments.
 *
 * Runs inside the audit hook on objects the host passed in.  Never: a call
 * that could run Python code (str(), repr(), a property), an exception left
 * set.  Only str, bytes and int are read; anything else is "".
 */
#include <stdio.h>
#include <string.h>

#include "pyhook.h"

static size_t ct_copy(char *buf, size_t n, const char *s)
{
	size_t len = s ? strlen(s) : 0;

	if (len >= n)
		len = n - 1;
	memcpy(buf, s ? s : "", len);
	buf[len] = 0;
	return len;
}

/* A str's UTF-8 into buf; returns its length (0, and no exception left,
 * for anything else: PyUnicode_AsUTF8 checks the type itself). */
size_t ct_str_text(PyObject *o, char *buf, size_t n)
{
	const char *s = ct_py.unicode_as_utf8(o);

	if (!s) {
		ct_py.err_clear();
		buf[0] = 0;
		return 0;
	}
	return ct_copy(buf, n, s);
}

/* str, bytes or int as text into buf; returns its length (0 for others). */
size_t ct_py_text(PyObject *o, char *buf, size_t n)
{
	const char *s = NULL;
	long long v;

	buf[0] = 0;
	if (ct_py_is(o, ct_py.t_str))
		s = ct_py.unicode_as_utf8(o);  /* fails on lone surrogates */
	else if (ct_py_is(o, ct_py.t_bytes))
		s = ct_py.bytes_as_string(o);
	else if (ct_py_is(o, ct_py.t_int)) {
		v = ct_py.long_as_long_long(o);
		if (v != -1 || !ct_py.err_occurred()) {
			snprintf(buf, n, "%lld", v);
			return strlen(buf);
		}
	}
	if (!s) {
		ct_py.err_clear();
		return 0;
	}
	return ct_copy(buf, n, s);
}

PyObject *ct_py_arg(PyObject *args, Py_ssize_t i)
{
	if (!ct_py_is(args, ct_py.t_tuple) || ct_py.tuple_size(args) <= i)
		return NULL;
	return ct_py.tuple_get_item(args, i);
}

/* subprocess.Popen(executable, args, cwd, env): the program, else argv[0]. */
static void ct_popen_text(PyObject *args, char *buf, size_t n)
{
	PyObject *argv, *first;

	if (ct_py_text(ct_py_arg(args, 0), buf, n))
		return;
	argv = ct_py_arg(args, 1);
	if (ct_py_text(argv, buf, n))
		return;
	if (!ct_py_is(argv, ct_py.t_list) && !ct_py_is(argv, ct_py.t_tuple))
		return;
	first = ct_py.sequence_get_item(argv, 0);
	if (!first) {
		ct_py.err_clear();
		return;
	}
	ct_py_text(first, buf, n);
	ct_py.decref(first);
}

void ct_py_summary(int shape, PyObject *args, char *buf, size_t n)
{
	buf[0] = 0;
	if (shape == CT_SHAPE_ARG0)
		ct_py_text(ct_py_arg(args, 0), buf, n);
	else if (shape == CT_SHAPE_POPEN)
		ct_popen_text(args, buf, n);
	else if (shape == CT_SHAPE_THREAD)
		ct_thread_text(args, buf, n);
}
