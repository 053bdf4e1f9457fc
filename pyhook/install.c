/*
 * install.c -- put the wrapper in place of _frozen_importlib._find_and_load.
 *
 * Runs once, from the first "import" audit event: the import system exists
 * then (that event is raised by the C import path just before it looks up
 * _find_and_load on the importlib module, so even that first import is
 * timed), and the GIL is held.  The C import path and importlib's own
 * _gcd_import both look the name up at every call, so replacing the module
 * attribute catches `import x` and importlib.import_module alike.  Never:
 * a second attempt, an exception left set, a module that was already
 * imported going unnamed (a "coldtrace.before_hook" record lists them).
 */
#include <string.h>

#include "pyhook.h"

static void ct_install_failed(const char *why)
{
	ct_py.err_clear();
	snprintf(ct_ps.status, sizeof(ct_ps.status), "cannot wrap importlib: %s", why);
	ct_py_debug("import timeline unavailable", why);
	ct_py_info_emit();
}

/* One PY_AUDIT "coldtrace.before_hook" record: the modules already in
 * sys.modules when the wrapper came, ' ' separated. */
static void ct_before_hook(PyObject *modules)
{
	char out[CT_STR_MAX - 64], name[256];
	const char *s[2] = { "coldtrace.before_hook", out };
	size_t used = 0, len;
	PyObject *key, *value;
	Py_ssize_t pos = 0;

	out[0] = 0;
	while (ct_py.dict_next(modules, &pos, &key, &value)) {
		len = ct_py_text(key, name, sizeof(name));
		if (!len || used + len + 2 > sizeof(out))
			continue;
		if (used)
			out[used++] = ' ';
		memcpy(out + used, name, len + 1);
		used += len;
	}
	ct_py_emit(CT_EV_PY_AUDIT, ct_ps.api->now_ns(), 0, 0, 0, 0, 2, s);
}

/* builtins.__import__ as it is now: what the C import path passes. */
static PyObject *ct_import_func(PyObject *modules)
{
	PyObject *builtins = ct_py.dict_get_item_string(modules, "builtins");
	PyObject *fn = builtins ? ct_py.getattr(builtins, "__import__") : NULL;

	if (!fn)
		ct_py.err_clear();
	return fn;
}

static int ct_install_into(PyObject *modules, PyObject *boot)
{
	PyObject *orig = ct_py.getattr(boot, "_find_and_load"), *wrapper;

	if (!orig) {
		ct_install_failed("_frozen_importlib has no _find_and_load");
		return -1;
	}
	if (ct_kind_init() < 0) {
		ct_py.decref(orig);
		ct_install_failed("cannot intern attribute names");
		return -1;
	}
	ct_wrap_set(orig, ct_import_func(modules));
	wrapper = ct_wrap_new();
	if (!wrapper || ct_py.setattr(boot, "_find_and_load", wrapper) < 0) {
		ct_py_release(wrapper);
		ct_install_failed("cannot set _frozen_importlib._find_and_load");
		return -1;
	}
	ct_py.decref(wrapper);  /* the module holds it now */
	return 0;
}

void ct_install_wrapper(void)
{
	PyObject *modules, *boot;

	if (ct_ps.install_tried)
		return;
	ct_ps.install_tried = 1;
	modules = ct_py.sys_get_object("modules");
	boot = modules ? ct_py.dict_get_item_string(modules, "_frozen_importlib") : NULL;
	if (!boot) {
		ct_install_failed("sys.modules has no _frozen_importlib");
		return;
	}
	if (ct_install_into(modules, boot) != 0)
		return;
	ct_before_hook(modules);
	if (ct_py.at_exit(ct_py_atexit) != 0)
		ct_py_debug("Py_AtExit failed", NULL);
}

/* Py_AtExit: the interpreter is gone; nothing may touch it any more,
 * but an embedding program may start another lifetime of it (init.c).
 * Py_FinalizeEx calls these functions last: an EXIT_MARK record says where
 * finalisation ended. */
void ct_py_atexit(void)
{
	ct_py_exit_mark(CT_MARK_PY_FINALIZED);
	ct_ps.on = 0;
	ct_py_lifetime_end();
}
