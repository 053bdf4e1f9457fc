/*
 * init.c -- ct_pyhook_init: decide whether the Python view can work in this
 * process, say so in a PY_INFO record, and register the audit hook.
 *
 * Called from libcoldtrace.so's constructor, before Py_Initialize, on one
 * thread.  Never: a Python call before the version is known to be >= 3.8,
 * a failure that does more than switch the Python view off.
 */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pyhook.h"

struct ct_pystate ct_ps;

void ct_py_debug(const char *what, const char *detail)
{
	if (ct_ps.api)
		ct_ps.api->debug(what, detail);
}

/* PY_INFO: the last one in a log is the one that counts. */
void ct_py_info_emit(void)
{
	const char *s[4] = { ct_ps.version, ct_ps.executable, "cpython", ct_ps.status };

	ct_ps.info_due = 0;
	ct_py_emit(CT_EV_PY_INFO, ct_ps.api->now_ns(), 0, 0, 0, 0, 4, s);
}

static void ct_py_unavailable(const char *why)
{
	snprintf(ct_ps.status, sizeof(ct_ps.status), "%s", why);
	ct_py_debug("Python view unavailable", why);
	ct_py_info_emit();
}

/* "3.11.2 (main, ...)" -> version "3.11.2", major 3, minor 11. */
static void ct_py_version(const char *v)
{
	size_t n = strcspn(v, " ");
	char *end;

	if (n >= sizeof(ct_ps.version))
		n = sizeof(ct_ps.version) - 1;
	memcpy(ct_ps.version, v, n);
	ct_ps.version[n] = 0;
	ct_ps.major = (int)strtol(v, &end, 10);
	ct_ps.minor = *end == '.' ? (int)strtol(end + 1, NULL, 10) : 0;
}

static void ct_py_exe_from_proc(void)
{
	ssize_t n = readlink("/proc/self/exe", ct_ps.executable,
			     sizeof(ct_ps.executable) - 1);

	ct_ps.executable[n > 0 ? n : 0] = 0;
}

/* The child of os.fork() writes its own log: its import stack starts empty
 * and its log needs its own PY_INFO.  The shim registered its own child
 * handler (which starts that log) before calling ct_pyhook_init, and glibc
 * runs child handlers in registration order. */
static void ct_py_fork_child(void)
{
	ct_wrap_fork_child();
	if (ct_ps.on)
		ct_py_info_emit();
}

/* The end of one lifetime of the interpreter (Py_FinalizeEx's Py_AtExit
 * functions run after its audit hooks were cleared).  An embedding program
 * may call Py_Initialize again, which keeps the hooks added in between:
 * the hook goes back into the list now, and the next lifetime's first
 * import puts the wrapper into its importlib.  Where it cannot, a PY_AUDIT
 * "coldtrace.python_untraced" record says that later lifetimes are not
 * traced. */
void ct_py_lifetime_end(void)
{
	const char *s[2] = { "coldtrace.python_untraced",
			     "the audit hook could not be added again after Py_FinalizeEx: "
			     "imports of a later Py_Initialize are not recorded" };

	ct_kind_forget();
	ct_exit_forget();
	ct_thread_forget();
	if (ct_hookmem_add(ct_audit_hook, NULL) != 0) {
		ct_py_emit(CT_EV_PY_AUDIT, ct_ps.api->now_ns(), 0, 0, 0, 0, 2, s);
		return;
	}
	ct_ps.install_tried = 0;
	ct_ps.on = 1;
}

static int ct_py_old(void)
{
	return ct_ps.major < 3 || (ct_ps.major == 3 && ct_ps.minor < 8);
}

/* Checks that need no Python call; returns why the view cannot work, or
 * NULL. */
static const char *ct_py_check(char *why, size_t n)
{
	const char *(*get_version)(void) =
		(const char *(*)(void))dlsym(RTLD_DEFAULT, "Py_GetVersion");
	const char *missing;

	if (!get_version)
		return "not a CPython interpreter (no Py_GetVersion)";
	ct_py_version(get_version());
	if (ct_py_old()) {
		snprintf(why, n, "Python %s has no audit hooks (PySys_AddAuditHook "
			 "came in 3.8): no Python view, native events are still recorded",
			 ct_ps.version);
		return why;
	}
	missing = ct_py_resolve((const void *)get_version);
	if (missing) {
		snprintf(why, n, "dlsym(%s): not found in this interpreter", missing);
		return why;
	}
	if (ct_py.is_initialized())
		return "the interpreter was already running when coldtrace loaded";
	return NULL;
}

int ct_pyhook_init(const struct ct_api *api)
{
	char buf[256];
	const char *why;

	if (!api || api->version != CT_API_VERSION)
		return -1;
	ct_ps.api = api;
	ct_py_exe_from_proc();
	why = ct_py_check(buf, sizeof(buf));
	if (!why && ct_hookmem_add(ct_audit_hook, NULL) != 0)
		why = "PySys_AddAuditHook failed";
	if (why) {
		ct_py_unavailable(why);
		return -1;
	}
	ct_ps.on = 1;
	if (pthread_atfork(NULL, NULL, ct_py_fork_child) != 0)
		ct_py_debug("pthread_atfork failed", "fork children share no import stack");
	ct_py_info_emit();
	ct_ps.info_due = 1;  /* again from the first event: the constructor may not log */
	return 0;
}
