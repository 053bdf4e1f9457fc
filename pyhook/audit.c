/*
 * audit.c -- the audit hook: picks the few events worth a record.
 *
 * Every audited operation in the interpreter passes through here, including
 * hot ones (sys._getframe, id(), object.__getattr__), so the name is
 * filtered on its first two bytes before anything else.  Never: a return
 * value other than 0, an exception left set, a Python call during or after
 * finalization.
 */
#include <string.h>

#include "pyhook.h"

enum ct_pyact {
	CT_ACT_RECORD,   /* a PY_AUDIT record */
	CT_ACT_INSTALL,  /* "import": time to wrap _find_and_load */
	CT_ACT_RUN,      /* main code starts: sys.executable is known now */
	CT_ACT_CLEAR     /* hooks are about to be freed */
};

struct ct_pyevent {
	const char *name;
	unsigned char act;    /* enum ct_pyact */
	unsigned char shape;  /* enum ct_py_shape, for CT_ACT_RECORD / RUN */
};

/* The events of interest, grouped by first byte: every audited operation
 * (thousands in an import of numpy) is looked up, so the first byte picks
 * a group of at most six and the second byte rejects most of those. */
static const struct ct_pyevent ct_ev_i[] = {
	{ "import", CT_ACT_INSTALL, CT_SHAPE_NONE },
	{ NULL, 0, 0 },
};

static const struct ct_pyevent ct_ev_o[] = {
	{ "open", CT_ACT_RECORD, CT_SHAPE_ARG0 },
	{ "os.system", CT_ACT_RECORD, CT_SHAPE_ARG0 },
	{ "os.exec", CT_ACT_RECORD, CT_SHAPE_ARG0 },
	{ "os.fork", CT_ACT_RECORD, CT_SHAPE_NONE },
	{ "os.posix_spawn", CT_ACT_RECORD, CT_SHAPE_ARG0 },
	{ NULL, 0, 0 },
};

static const struct ct_pyevent ct_ev_c[] = {
	{ "ctypes.dlopen", CT_ACT_RECORD, CT_SHAPE_ARG0 },
	{ "cpython.run_command", CT_ACT_RUN, CT_SHAPE_ARG0 },
	{ "cpython.run_file", CT_ACT_RUN, CT_SHAPE_ARG0 },
	{ "cpython.run_module", CT_ACT_RUN, CT_SHAPE_ARG0 },
	{ "cpython.run_stdin", CT_ACT_RUN, CT_SHAPE_NONE },
	{ "cpython._PySys_ClearAuditHooks", CT_ACT_CLEAR, CT_SHAPE_NONE },
	{ NULL, 0, 0 },
};

static const struct ct_pyevent ct_ev_s[] = {
	{ "subprocess.Popen", CT_ACT_RECORD, CT_SHAPE_POPEN },
	{ NULL, 0, 0 },
};

static const struct ct_pyevent ct_ev__[] = {
	{ "_thread.start_new_thread", CT_ACT_RECORD, CT_SHAPE_FUNC },
	{ "_thread.start_joinable_thread", CT_ACT_RECORD, CT_SHAPE_FUNC },
	{ NULL, 0, 0 },
};

static const struct ct_pyevent *ct_event_group(unsigned char c)
{
	switch (c) {
	case 'i': return ct_ev_i;
	case 'o': return ct_ev_o;
	case 'c': return ct_ev_c;
	case 's': return ct_ev_s;
	case '_': return ct_ev__;
	default: return NULL;
	}
}

static const struct ct_pyevent *ct_event_find(const char *ev)
{
	const struct ct_pyevent *e = ct_event_group((unsigned char)ev[0]);

	/* ev[0] matched a non-NUL byte, so ev[1] is readable */
	for (; e && e->name; e++)
		if (e->name[1] == ev[1] && !strcmp(e->name + 1, ev + 1))
			return e;
	return NULL;
}

static void ct_audit_record(const char *event, int shape, PyObject *args)
{
	char summary[1024];
	const char *s[2] = { event, summary };

	ct_py_summary(shape, args, summary, sizeof(summary));
	ct_py_emit(CT_EV_PY_AUDIT, ct_ps.api->now_ns(), 0, 0, 0, 0, 2, s);
}

/* sys.executable is set once the interpreter is up: refresh PY_INFO. */
static void ct_audit_run(void)
{
	PyObject *exe = ct_py.sys_get_object("executable");

	if (exe && ct_py_text(exe, ct_ps.executable, sizeof(ct_ps.executable)))
		ct_ps.info_due = 1;
}

static void ct_audit_act(const struct ct_pyevent *e, const char *event, PyObject *args)
{
	if (ct_py_unlikely(ct_ps.info_due))
		ct_py_info_emit();
	switch (e->act) {
	case CT_ACT_INSTALL:
		ct_install_wrapper();
		break;
	case CT_ACT_RUN:
		ct_audit_run();
		if (ct_ps.info_due)
			ct_py_info_emit();
		/* fall through */
	case CT_ACT_RECORD:
		ct_audit_record(event, e->shape, args);
		break;
	}
}

int ct_audit_hook(const char *event, PyObject *args, void *data)
{
	const struct ct_pyevent *e = ct_event_find(event);

	(void)data;
	if (!e)
		return 0;
	if (e->act == CT_ACT_CLEAR) {
		ct_ps.on = 0;
		ct_hookmem_before_clear();
		return 0;
	}
	/* Events raised with no thread state (early in start-up) cannot take
	 * a Python call.  An exception already set is the host's: leave it,
	 * and do nothing that could clear it. */
	if (!ct_py_live() || !ct_py.thread_state() || ct_py.err_occurred())
		return 0;
	ct_audit_act(e, event, args);
	return 0;
}
