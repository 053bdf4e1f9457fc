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

/* The events of interest, grouped by their first two bytes: every audited
 * operation (thousands in an import of numpy, most of them
 * "object.__getattr__") is looked up, and a switch on those two bytes
 * turns nearly all of them away before any string is compared.  "open" is
 * not one: the interposed open/openat already records the same call (path,
 * errno, time, import), and a second record of it cost every import of a
 * source module ~600 instructions. */
static const struct ct_pyevent ct_ev_im[] = {
	{ "import", CT_ACT_INSTALL, CT_SHAPE_NONE },
	{ NULL, 0, 0 },
};

static const struct ct_pyevent ct_ev_os[] = {
	{ "os.system", CT_ACT_RECORD, CT_SHAPE_ARG0 },
	{ "os.exec", CT_ACT_RECORD, CT_SHAPE_ARG0 },
	{ "os.fork", CT_ACT_RECORD, CT_SHAPE_NONE },
	{ "os.posix_spawn", CT_ACT_RECORD, CT_SHAPE_ARG0 },
	{ NULL, 0, 0 },
};

static const struct ct_pyevent ct_ev_ct[] = {
	{ "ctypes.dlopen", CT_ACT_RECORD, CT_SHAPE_ARG0 },
	{ NULL, 0, 0 },
};

static const struct ct_pyevent ct_ev_cp[] = {
	{ "cpython.run_command", CT_ACT_RUN, CT_SHAPE_ARG0 },
	{ "cpython.run_file", CT_ACT_RUN, CT_SHAPE_ARG0 },
	{ "cpython.run_module", CT_ACT_RUN, CT_SHAPE_ARG0 },
	{ "cpython.run_stdin", CT_ACT_RUN, CT_SHAPE_NONE },
	{ "cpython._PySys_ClearAuditHooks", CT_ACT_CLEAR, CT_SHAPE_NONE },
	{ NULL, 0, 0 },
};

static const struct ct_pyevent ct_ev_su[] = {
	{ "subprocess.Popen", CT_ACT_RECORD, CT_SHAPE_POPEN },
	{ NULL, 0, 0 },
};

static const struct ct_pyevent ct_ev__t[] = {
	{ "_thread.start_new_thread", CT_ACT_RECORD, CT_SHAPE_THREAD },
	{ "_thread.start_joinable_thread", CT_ACT_RECORD, CT_SHAPE_THREAD },
	{ NULL, 0, 0 },
};

#define CT_TWO(a, b) ((unsigned)(a) << 8 | (unsigned)(b))

static const struct ct_pyevent *ct_event_group(const char *ev)
{
	if (!ev[0])
		return NULL;   /* ev[1] is readable only past a non-NUL ev[0] */
	switch (CT_TWO((unsigned char)ev[0], (unsigned char)ev[1])) {
	case CT_TWO('i', 'm'): return ct_ps.install_tried ? NULL : ct_ev_im;
	case CT_TWO('o', 's'): return ct_ev_os;
	case CT_TWO('c', 't'): return ct_ev_ct;
	case CT_TWO('c', 'p'): return ct_ev_cp;
	case CT_TWO('s', 'u'): return ct_ev_su;
	case CT_TWO('_', 't'): return ct_ev__t;
	default: return NULL;
	}
}

/* The event of the group (ev's first two bytes matched) named ev. */
static const struct ct_pyevent *ct_event_find(const struct ct_pyevent *e, const char *ev)
{
	for (; e->name; e++)
		if (!strcmp(e->name + 2, ev + 2))
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

/* An event whose first two bytes are those of one of interest. */
static __attribute__((noinline)) void ct_audit_group(const struct ct_pyevent *group,
						     const char *event, PyObject *args)
{
	const struct ct_pyevent *e = ct_event_find(group, event);

	if (!e)
		return;
	if (e->act == CT_ACT_CLEAR) {
		ct_ps.on = 0;
		ct_hookmem_before_clear();
		return;
	}
	/* Events raised with no thread state (early in start-up) cannot take
	 * a Python call.  An exception already set is the host's: leave it,
	 * and do nothing that could clear it. */
	if (!ct_py_live() || !ct_py.thread_state() || ct_py.err_occurred())
		return;
	ct_audit_act(e, event, args);
}

/* The hook: most events end at the switch, before any frame is set up. */
int ct_audit_hook(const char *event, PyObject *args, void *data)
{
	const struct ct_pyevent *group = ct_event_group(event);

	(void)data;
	if (group)
		ct_audit_group(group, event, args);
	return 0;
}
