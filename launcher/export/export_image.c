/*
 * export_image.c -- one process image's raw events as trace events:
 * imports as B/E slices (closed at the thread's last event if the process
 * ended inside them), dlopen calls as X slices, libraries, threads,
 * processes and exits as instants, file-system calls as instants or, past
 * t->max_fs, as counters.
 *
 * Never: an E without its B or a B left open; a string kept from the log
 * after it is closed (names and args are copied).
 */
#include <stdlib.h>
#include <string.h>

#include "lib/ctlog_read.h"
#include "export.h"
#include "lib/fmt.h"
#include "lib/json.h"
#include "report/load.h"

#define CT_IMP_DEPTH 512

struct ct_ximg {
	struct ct_trace *t;
	uint32_t pid, tid;      /* thread whose records are being read */
	uint64_t last_ts;       /* its latest timestamp */
	uint32_t stack[CT_IMP_DEPTH];  /* its open imports (ids) */
	int depth, overflow;
	int fs_counters;
	uint64_t *fs_ts;        /* counters mode: every call's time ... */
	uint8_t *fs_cls;        /* ... and class */
	size_t nfs;
	long last_dl;           /* index in t->ev of this thread's latest dlopen, -1 none */
};

static char *ct_xdup(const char *a, const char *b)
{
	size_t n = strlen(a) + strlen(b) + 1;
	char *s = malloc(n);

	if (s)
		snprintf(s, n, "%s%s", a, b);
	return s;
}

static int ct_is_fs_kind(int k)
{
	return ct_kind(k)->family == CT_FAM_FILE;
}

/* Closes the thread's open imports at its last timestamp. */
static void ct_close_thread(struct ct_ximg *x)
{
	while (x->depth > 0) {
		x->depth--;
		ct_trace_add(x->t, 'E', x->pid, x->tid, x->last_ts, "import", NULL, NULL);
	}
	x->overflow = 0;
}

static void ct_x_import(struct ct_ximg *x, const struct ct_logrec *ev)
{
	const struct ct_rec *r = ev->rec;
	cJSON *args;
	int i;

	if (r->kind == CT_EV_IMPORT_BEGIN) {
		if (x->depth == CT_IMP_DEPTH) {
			x->overflow++;
			return;
		}
		x->stack[x->depth++] = (uint32_t)r->a0;
		ct_trace_add(x->t, 'B', x->pid, x->tid, r->t_ns, "import",
			     ct_xdup("import ", ct_logrec_str(ev, 0)), NULL);
		return;
	}
	if (x->overflow) {
		x->overflow--;
		return;
	}
	for (i = x->depth - 1; i >= 0 && x->stack[i] != (uint32_t)r->a0; i--)
		;
	while (i >= 0 && x->depth > i) {   /* an END closes the imports opened inside it */
		x->depth--;
		args = NULL;
		if (x->depth == i) {
			args = cJSON_CreateObject();
			cJSON_AddBoolToObject(args, "ok", r->a1 != 0);
			if (r->result > 0)   /* 1 + major faults, 0 unmeasured */
				cJSON_AddNumberToObject(args, "major_faults", (double)(r->result - 1));
			if (ct_logrec_str(ev, 1)[0])
				ct_add_str(args, "file", ct_logrec_str(ev, 1));
		}
		ct_trace_add(x->t, 'E', x->pid, x->tid, r->t_ns, "import", NULL, args);
	}
}

static cJSON *ct_x_strings(const struct ct_logrec *ev, const char *const *keys, int n)
{
	cJSON *o = cJSON_CreateObject();
	int i;

	for (i = 0; i < n && i < ev->nstr; i++)
		if (keys[i] && ct_logrec_str(ev, i)[0])
			ct_add_str(o, keys[i], ct_logrec_str(ev, i));
	return o;
}

static void ct_x_dlopen(struct ct_ximg *x, const struct ct_logrec *ev)
{
	static const char *const keys[] = { "requested", "error", "caller", "path" };
	const struct ct_rec *r = ev->rec;
	cJSON *args = ct_x_strings(ev, keys, 4);

	cJSON_AddBoolToObject(args, "ok", r->result != 0);
	if (ct_trace_add(x->t, 'X', x->pid, x->tid, r->t_ns, "dlopen",
			 ct_xdup("dlopen ", ct_fmt_base(ct_logrec_str(ev, 0))), args) == 0) {
		x->t->ev[x->t->n - 1].dur = r->dur_ns;
		x->last_dl = (long)x->t->n - 1;
	}
}

/* DL_IO follows its dlopen on the same thread: the storage it read. */
static void ct_x_dl_io(struct ct_ximg *x, const struct ct_logrec *ev)
{
	cJSON *args = x->last_dl >= 0 ? x->t->ev[x->last_dl].args : NULL;

	x->last_dl = -1;
	if (!args)
		return;
	if (ev->rec->a0 >= 0)
		cJSON_AddNumberToObject(args, "major_faults", (double)ev->rec->a0);
	if (ev->rec->a1 >= 0)
		cJSON_AddNumberToObject(args, "read_bytes", (double)ev->rec->a1);
}

static void ct_x_fs(struct ct_ximg *x, const struct ct_logrec *ev)
{
	const struct ct_rec *r = ev->rec;
	const char *kind = ct_kind_name(r->kind);
	cJSON *args;

	if (x->fs_counters) {
		x->fs_ts[x->nfs] = r->t_ns;
		x->fs_cls[x->nfs++] = (uint8_t)((ct_kind(r->kind)->fs - CT_FS_OPEN) | (r->err ? 4 : 0));
		return;
	}
	args = cJSON_CreateObject();
	ct_add_str(args, "path", ct_logrec_str(ev, 0));
	cJSON_AddNumberToObject(args, "result", (double)r->result);
	if (r->err)
		cJSON_AddNumberToObject(args, "errno", r->err);
	cJSON_AddNumberToObject(args, "dur_ns", (double)r->dur_ns);
	ct_trace_add(x->t, 'i', x->pid, x->tid, r->t_ns, "fs",
		     ct_xdup(kind ? kind : "fs", r->err ? " (failed)" : ""), args);
}

static void ct_x_instant(struct ct_ximg *x, const struct ct_logrec *ev)
{
	static const char *const lib_keys[] = { "path", "requested", "caller" };
	static const char *const proc_keys[] = { "path", "argv" };
	const struct ct_rec *r = ev->rec;
	const char *kind = ct_kind_name(r->kind);
	cJSON *args;

	if (r->kind == CT_EV_LIB) {
		args = ct_x_strings(ev, lib_keys, 3);
		ct_trace_add(x->t, 'i', x->pid, x->tid, r->t_ns, "library",
			     ct_xdup("lib ", ct_fmt_base(ct_logrec_str(ev, 0))), args);
		return;
	}
	args = r->kind == CT_EV_SPAWN || r->kind == CT_EV_EXEC || r->kind == CT_EV_VFORK_EXEC ?
	       ct_x_strings(ev, proc_keys, 2) : cJSON_CreateObject();
	cJSON_AddNumberToObject(args, "result", (double)r->result);
	if (r->kind == CT_EV_THREAD_CREATE && ev->nstr > 0)
		ct_add_str(args, "start_routine", ct_logrec_str(ev, 0));
	if (r->kind == CT_EV_EXIT || r->kind == CT_EV_SIGNAL)
		cJSON_AddNumberToObject(args, r->kind == CT_EV_EXIT ? "status" : "signal",
					(double)r->a0);
	ct_trace_add(x->t, 'i', x->pid, x->tid, r->t_ns, "process", ct_xdup(kind, ""), args);
}

static void ct_x_event(struct ct_ximg *x, const struct ct_logrec *ev)
{
	int k = ev->rec->kind;
	uint64_t end;

	if (ev->tid != x->tid) {
		ct_close_thread(x);
		x->tid = ev->tid;
		x->last_ts = 0;
		x->last_dl = -1;
	}
	end = ev->rec->t_ns + (k == CT_EV_DLOPEN ? ev->rec->dur_ns : 0);
	if (end > x->last_ts)
		x->last_ts = end;
	if (k == CT_EV_IMPORT_BEGIN || k == CT_EV_IMPORT_END)
		ct_x_import(x, ev);
	else if (k == CT_EV_DLOPEN)
		ct_x_dlopen(x, ev);
	else if (k == CT_EV_DL_IO)
		ct_x_dl_io(x, ev);
	else if (ct_is_fs_kind(k))
		ct_x_fs(x, ev);
	else if (k == CT_EV_LIB || k == CT_EV_THREAD_CREATE || k == CT_EV_EXIT || k == CT_EV_SIGNAL ||
		 ct_kind(k)->family == CT_FAM_PROCESS)
		ct_x_instant(x, ev);
}

static size_t ct_count_fs(const struct ct_logfile *lg)
{
	struct ct_logfile_iter it;
	struct ct_logrec ev;
	size_t n = 0;

	ct_logfile_iter_init(&it, lg);
	while (ct_logfile_next(&it, &ev))
		n += ct_is_fs_kind(ev.rec->kind);
	return n;
}

static void ct_x_run(struct ct_ximg *x, const struct ct_logfile *lg)
{
	struct ct_logfile_iter it;
	struct ct_logrec ev;
	size_t nfs = ct_count_fs(lg);

	x->fs_counters = x->t->max_fs >= 0 && nfs > (size_t)x->t->max_fs;
	if (x->fs_counters) {
		x->fs_ts = malloc((nfs ? nfs : 1) * sizeof(*x->fs_ts));
		x->fs_cls = malloc(nfs ? nfs : 1);
		if (!x->fs_ts || !x->fs_cls)
			nfs = 0;
		x->t->aggregated++;
	}
	ct_logfile_iter_init(&it, lg);
	while (ct_logfile_next(&it, &ev))
		if (!x->fs_counters || x->nfs < nfs || !ct_is_fs_kind(ev.rec->kind))
			ct_x_event(x, &ev);
	ct_close_thread(x);
	if (x->fs_counters && x->nfs)
		ct_export_fs_counters(x->t, x->pid, x->fs_ts, x->fs_cls, x->nfs);
	free(x->fs_ts);
	free(x->fs_cls);
}

int ct_export_image(struct ct_trace *t, const char *dir, const cJSON *proc)
{
	const cJSON *log = cJSON_GetObjectItemCaseSensitive(proc, "log");
	int64_t pid = ct_rint(proc, "pid");
	struct ct_ximg *x;
	struct ct_logfile lg;
	char path[4400];
	int rc = -1;

	if (!cJSON_IsString(log) || strchr(log->valuestring, '/') || pid <= 0 || pid > UINT32_MAX)
		return -1;
	x = calloc(1, sizeof(*x));
	snprintf(path, sizeof(path), "%s/%s", dir, log->valuestring);
	if (x && ct_logfile_open(&lg, path) == 0) {
		x->t = t;
		x->pid = (uint32_t)pid;
		x->last_dl = -1;
		ct_x_run(x, &lg);
		rc = 0;
	}
	if (x)
		ct_logfile_close(&lg);
	free(x);
	return rc;
}
