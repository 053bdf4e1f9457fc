/*
 * api.c -- the CPython functions pyhook calls, looked up at run time.
 *
 * Found as dlsym(RTLD_DEFAULT) finds them (scope.c), in the executable
 * (Debian's python3) or in the libpython it links (pyenv).  Never: a
 * symbol that one supported version lacks used without a NULL check, or a
 * libpython link.
 */
#include "pyhook.h"

struct ct_pyfns ct_py;

/* The names are held in the table, not pointed to: a table of pointers
 * is relocated by the loader in every image, on a page of its own
 * (a copy-on-write fault in each short process, Python or not). */
#define CT_PYNAME 32   /* bytes of a name, its NUL included */

struct ct_pysym {
	char name[CT_PYNAME];
	char alt[CT_PYNAME];   /* older spelling, tried when name is missing ("": none) */
	size_t off;            /* field of struct ct_pyfns */
	int optional;          /* missing on some versions: the field stays NULL */
};

/* The field's offset, and a compile-time error for a name too long to
 * keep its NUL. */
#define CT_PYOFF(field, name, alt)                                              \
	(offsetof(struct ct_pyfns, field) +                                     \
	 0 * sizeof(char[sizeof(name) <= CT_PYNAME && sizeof(alt) <= CT_PYNAME ? 1 : -1]))
#define CT_SYM(field, name) { name, "", CT_PYOFF(field, name, ""), 0 }
#define CT_SYM2(field, name, alt) { name, alt, CT_PYOFF(field, name, alt), 0 }
#define CT_SYMOPT(field, name) { name, "", CT_PYOFF(field, name, ""), 1 }

static const struct ct_pysym ct_pysyms[] = {
	CT_SYM(get_version, "Py_GetVersion"),
	CT_SYM(is_initialized, "Py_IsInitialized"),
	CT_SYM2(is_finalizing, "Py_IsFinalizing", "_Py_IsFinalizing"),
	CT_SYM2(thread_state, "PyThreadState_GetUnchecked", "_PyThreadState_UncheckedGet"),
	CT_SYM(add_audit_hook, "PySys_AddAuditHook"),
	CT_SYM(at_exit, "Py_AtExit"),
	CT_SYM(mem_get_allocator, "PyMem_GetAllocator"),
	CT_SYM(mem_set_allocator, "PyMem_SetAllocator"),
	CT_SYM(sys_get_object, "PySys_GetObject"),
	CT_SYM(eval_get_frame, "PyEval_GetFrame"),
	CT_SYM(dict_get_item_string, "PyDict_GetItemString"),
	CT_SYM(dict_next, "PyDict_Next"),
	CT_SYM(module_get_dict, "PyModule_GetDict"),
	CT_SYM(getattr, "PyObject_GetAttrString"),
	CT_SYM(getattr_obj, "PyObject_GetAttr"),
	CT_SYM(dict_get_item, "PyDict_GetItemWithError"),
	CT_SYM(intern, "PyUnicode_InternFromString"),
	CT_SYM(setattr, "PyObject_SetAttrString"),
	CT_SYM(call, "PyObject_Call"),
	CT_SYM(call_objargs, "PyObject_CallFunctionObjArgs"),
	CT_SYMOPT(vectorcall, "PyObject_Vectorcall"),
	CT_SYM(type_of, "PyObject_Type"),
	CT_SYM(is_subtype, "PyType_IsSubtype"),
	CT_SYM(cfunction_new, "PyCFunction_NewEx"),
	CT_SYM(tuple_get_item, "PyTuple_GetItem"),
	CT_SYM(tuple_size, "PyTuple_Size"),
	CT_SYM(sequence_get_item, "PySequence_GetItem"),
	CT_SYM(unicode_as_utf8, "PyUnicode_AsUTF8"),
	CT_SYM(bytes_as_string, "PyBytes_AsString"),
	CT_SYM(long_as_long_long, "PyLong_AsLongLong"),
	CT_SYM(err_occurred, "PyErr_Occurred"),
	CT_SYM(err_fetch, "PyErr_Fetch"),
	CT_SYM(err_restore, "PyErr_Restore"),
	CT_SYM(err_clear, "PyErr_Clear"),
	CT_SYM(incref, "Py_IncRef"),
	CT_SYM(decref, "Py_DecRef"),
	CT_SYM(t_str, "PyUnicode_Type"),
	CT_SYM(t_bytes, "PyBytes_Type"),
	CT_SYM(t_int, "PyLong_Type"),
	CT_SYM(t_list, "PyList_Type"),
	CT_SYM(t_tuple, "PyTuple_Type"),
	CT_SYM(t_module, "PyModule_Type"),
	CT_SYM(t_type, "PyType_Type"),
	CT_SYM(t_function, "PyFunction_Type"),
	CT_SYM(t_method, "PyMethod_Type"),
	CT_SYM(t_dict, "PyDict_Type"),
	CT_SYM(none, "_Py_NoneStruct"),
};

/*
 * Fills ct_py; anchor is a CPython function dlsym found.  Returns NULL when
 * every symbol was found (the optional ones may be NULL), else the name of
 * the first one missing (ct_py is then unusable).
 */
const char *ct_py_resolve(const void *anchor)
{
	size_t i;
	void *p;

	ct_scope_init(anchor);
	for (i = 0; i < sizeof(ct_pysyms) / sizeof(ct_pysyms[0]); i++) {
		p = ct_scope_sym(ct_pysyms[i].name, ct_pysyms[i].alt[0] ? ct_pysyms[i].alt : NULL);
		if (!p && !ct_pysyms[i].optional)
			return ct_pysyms[i].name;
		*(void **)((char *)&ct_py + ct_pysyms[i].off) = p;
	}
	return NULL;
}

/* A function only a rare path calls (thread starts), looked up at its
 * first use rather than by every interpreter at start-up: ~250
 * instructions saved a name.  Threads may race here: each finds the same
 * address.  NULL when the interpreter lacks it. */
void *ct_py_lazy(void **slot, const char *name)
{
	void *p = __atomic_load_n(slot, __ATOMIC_RELAXED);

	if (!p) {
		p = ct_scope_sym(name, NULL);
		__atomic_store_n(slot, p, __ATOMIC_RELAXED);
	}
	return p;
}

/* Interns each text[i] into names[i] not made yet, with the GIL held; 0,
 * or -1 (no exception left) when one cannot be made. */
int ct_py_intern_all(PyObject **names, const char *const *text, int n)
{
	for (int i = 0; i < n; i++) {
		if (!names[i])
			names[i] = ct_py.intern(text[i]);
		if (!names[i]) {
			ct_py.err_clear();
			return -1;
		}
	}
	return 0;
}

/* isinstance(o, type) for a C type, without running any Python code. */
int ct_py_is(PyObject *o, PyTypeObject *type)
{
	PyObject *t;
	int r;

	if (!o)
		return 0;
	t = ct_py.type_of(o);
	if (!t)
		return 0;
	r = (PyTypeObject *)t == type || ct_py.is_subtype((PyTypeObject *)t, type);
	ct_py.decref(t);
	return r;
}

void ct_py_release(PyObject *o)
{
	if (o)
		ct_py.decref(o);
}
