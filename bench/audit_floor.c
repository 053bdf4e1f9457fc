/* audit_floor.c -- a CPython extension module `ct_floor` that, when
 * CT_FLOOR=1 is set, installs a C audit hook that does nothing
 * (PySys_AddAuditHook). Once any audit hook exists CPython builds the
 * arguments of every audited event, so this is the floor that any audit
 * hook costs; bench/numpy_instructions.sh imports it in every run (hook or
 * not) so the runs differ only by the hooks. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdlib.h>
#include <string.h>

static int ct_floor_hook(const char *event, PyObject *args, void *data)
{
	(void)event;
	(void)args;
	(void)data;
	return 0;
}

static struct PyModuleDef ct_floor_module = {
	PyModuleDef_HEAD_INIT, "ct_floor", NULL, -1, NULL, NULL, NULL, NULL, NULL
};

PyMODINIT_FUNC PyInit_ct_floor(void)
{
	const char *on = getenv("CT_FLOOR");

	if (on && strcmp(on, "1") == 0 && PySys_AddAuditHook(ct_floor_hook, NULL) < 0)
		return NULL;
	return PyModule_Create(&ct_floor_module);
}
