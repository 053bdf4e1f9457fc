/*
 * pyhook.h -- what pyhook's files share (they are linked into libcoldtrace.so
 * and reach the shim only through preload/ct_api.h; preload/gnuhash.h is a
 * lookup that holds no state of the shim's).
 *
 * pyhook runs inside a CPython interpreter it was never linked against: one
 * build serves 3.8 to 3.13, libpython shared or built into the executable.
 * Python.h is included for its stable ABI types only (PyObject,
 * PyMethodDef, PyMemAllocatorEx).  Never: a direct call into libpython
 * (every function is a pointer in ct_py, resolved by api.c), a macro that
 * reads object layout (Py_TYPE, Py_INCREF, PyTuple_GET_ITEM), an exception
 * left set, or exit/abort/assert.
 */
#ifndef CT_PYHOOK_H
#define CT_PYHOOK_H

#include <Python.h>
#include <stddef.h>
#include <stdint.h>

#include "ct_api.h"
#include "ct_log.h"

#define ct_py_unlikely(x) __builtin_expect(!!(x), 0)

/* CPython entry points (api.c).  Names follow the C API minus "Py". */
struct ct_pyfns {
	const char *(*get_version)(void);
	int (*is_initialized)(void);
	int (*is_finalizing)(void);       /* Py_IsFinalizing / _Py_IsFinalizing */
	PyThreadState *(*thread_state)(void); /* the current one or NULL, never fatal */
	int (*add_audit_hook)(Py_AuditHookFunction hook, void *data);
	int (*at_exit)(void (*fn)(void));
	void (*mem_get_allocator)(PyMemAllocatorDomain d, PyMemAllocatorEx *a);
	void (*mem_set_allocator)(PyMemAllocatorDomain d, PyMemAllocatorEx *a);
	PyObject *(*sys_get_object)(const char *name);          /* borrowed */
	PyObject *(*eval_get_frame)(void);   /* PyEval_GetFrame: borrowed, NULL at top level */
	PyObject *(*dict_get_item_string)(PyObject *d, const char *k); /* borrowed */
	int (*dict_next)(PyObject *d, Py_ssize_t *pos, PyObject **k, PyObject **v);
	PyObject *(*module_get_dict)(PyObject *m);             /* borrowed */
	PyObject *(*getattr)(PyObject *o, const char *name);
	PyObject *(*getattr_obj)(PyObject *o, PyObject *name);
	PyObject *(*dict_get_item)(PyObject *d, PyObject *k);  /* borrowed; NULL: absent or error */
	PyObject *(*intern)(const char *s);                    /* new reference */
	int (*setattr)(PyObject *o, const char *name, PyObject *v);
	PyObject *(*call)(PyObject *fn, PyObject *args, PyObject *kw);
	PyObject *(*call_objargs)(PyObject *fn, ...);         /* NULL-terminated */
	/* PyObject_Vectorcall: 3.9 on; NULL on 3.8 (inline there) */
	PyObject *(*vectorcall)(PyObject *fn, PyObject *const *args, size_t nargsf,
				PyObject *kwnames);
	PyObject *(*type_of)(PyObject *o);                     /* new reference */
	int (*is_subtype)(PyTypeObject *a, PyTypeObject *b);
	PyObject *(*cfunction_new)(PyMethodDef *def, PyObject *self, PyObject *mod);
	PyObject *(*tuple_get_item)(PyObject *t, Py_ssize_t i);  /* borrowed */
	Py_ssize_t (*tuple_size)(PyObject *t);
	PyObject *(*sequence_get_item)(PyObject *s, Py_ssize_t i);
	const char *(*unicode_as_utf8)(PyObject *s);
	char *(*bytes_as_string)(PyObject *b);
	long long (*long_as_long_long)(PyObject *l);
	PyObject *(*err_occurred)(void);
	void (*err_fetch)(PyObject **t, PyObject **v, PyObject **tb);
	void (*err_restore)(PyObject *t, PyObject *v, PyObject *tb);
	void (*err_clear)(void);
	void (*incref)(PyObject *o);
	void (*decref)(PyObject *o);
	PyTypeObject *t_str, *t_bytes, *t_int, *t_list, *t_tuple;
	PyTypeObject *t_module, *t_type, *t_function, *t_method, *t_dict;
	PyObject *none;                   /* Py_None */
};
extern struct ct_pyfns ct_py;

/* What pyhook knows about this process (init.c). */
struct ct_pystate {
	const struct ct_api *api;
	volatile int on;            /* 0: hook and wrapper pass everything through */
	volatile int info_due;      /* PY_INFO to (re)write at the next chance */
	int install_tried;          /* the wrapper was tried: "import" events are of
				       no further interest (GIL held) */
	int major, minor;
	char version[32];           /* "3.11.2" */
	char executable[1024];      /* sys.executable, else /proc/self/exe */
	char status[256];           /* "" when the Python view works, else why not */
};
extern struct ct_pystate ct_ps;

/* api.c */
const char *ct_py_resolve(const void *anchor);   /* NULL, or the first missing symbol */
void *ct_py_lazy(void **slot, const char *name);  /* *slot, looked up the first time */
int ct_py_intern_all(PyObject **names, const char *const *text, int n);

/* scope.c: dlsym(RTLD_DEFAULT, name), mostly without dlsym's cost; init
 * with a function of the interpreter's that dlsym found. */
void ct_scope_init(const void *anchor);
void *ct_scope_sym(const char *name, const char *alt);
int ct_py_is(PyObject *o, PyTypeObject *type);
void ct_py_release(PyObject *o);   /* Py_DecRef that accepts NULL */

/* init.c (ct_pyhook_init: ct_api.h) */
void ct_py_info_emit(void);
void ct_py_lifetime_end(void);
void ct_py_debug(const char *what, const char *detail);
static inline void ct_py_emit(int kind, uint64_t t_ns, uint64_t dur_ns,
			      int64_t a0, int64_t a1, int64_t a2,
			      int nstr, const char *const *strs)
{
	ct_ps.api->emit(kind, t_ns, dur_ns, 0, 0, a0, a1, a2, nstr, strs);
}
static inline int ct_py_live(void)
{
	return ct_ps.on && !ct_py.is_finalizing();
}

/* audit.c */
int ct_audit_hook(const char *event, PyObject *args, void *data);

/* text.c: short text for an audit event's arguments */
size_t ct_py_text(PyObject *o, char *buf, size_t n);
size_t ct_str_text(PyObject *o, char *buf, size_t n);
void ct_py_summary(int shape, PyObject *args, char *buf, size_t n);
PyObject *ct_py_arg(PyObject *args, Py_ssize_t i);   /* borrowed; NULL past the end */
enum ct_py_shape { CT_SHAPE_NONE, CT_SHAPE_ARG0, CT_SHAPE_POPEN, CT_SHAPE_THREAD };

/* thread.c: "name\x1ftarget\x1ffile:line" of a _thread start event; a
 * Thread's name and target; that summary from them and the frames; the
 * attribute names it reads by */
void ct_thread_text(PyObject *args, char *buf, size_t n);
enum {
	CT_TN_F_CODE, CT_TN_F_BACK, CT_TN_F_LINENO, CT_TN_F_GLOBALS, CT_TN_F_LOCALS,
	CT_TN_CO_FILENAME, CT_TN_CO_NAME, CT_TN_QUALNAME, CT_TN_SELF, CT_TN_NAME,
	CT_TN_TARGET, CT_TN_SELF_LOCAL, CT_TN_THREADING, CT_TN_COUNT
};
extern PyObject *ct_tnames[CT_TN_COUNT];   /* interned by ct_thread_names */
int ct_thread_names(void);
void ct_thread_forget(void);
PyObject *ct_tattr(PyObject *o, int name);   /* o.name by an interned name, or NULL */
void ct_thread_obj(PyObject *self, char *name, size_t nn, char *target, size_t tn);
void ct_thread_summary(const char *name, const char *target, char *buf, size_t n);

/* install.c */
void ct_install_wrapper(void);
void ct_py_atexit(void);

/* exitstart.c */
void ct_py_exit_mark(int mark);
void ct_exit_watch(const char *name, PyObject *mod);
void ct_exit_forget(void);

/* wrap.c */
void ct_wrap_set(PyObject *orig, PyObject *import_func);
PyObject *ct_wrap_new(void);
void ct_wrap_fork_child(void);

/* kind.c */
int ct_kind_init(void);
void ct_kind_forget(void);
int ct_import_kind(PyObject *mod, char *file, size_t n);
void ct_exc_current(char *buf, size_t n);

/* hookmem.c: the audit-hook entry CPython frees at finalization */
int ct_hookmem_add(Py_AuditHookFunction hook, void *data);
void ct_hookmem_before_clear(void);

#endif
