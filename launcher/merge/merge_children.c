/*
 * merge_children.c -- children[] (fork, vfork, posix_spawn, system) and
 * execs[] of a process image, from the parent's own records; a vfork
 * child's execs[] from the VFORK_EXEC records its parent wrote for it.
 *
 * Never: a child listed for a call that created none (a failed fork or
 * spawn counts in calls{} only).
 */
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "merge_int.h"

static const char *ct_child_how(int kind)
{
	switch (kind) {
	case CT_EV_FORK:
		return "fork";
	case CT_EV_VFORK:
		return "vfork";
	case CT_EV_SPAWN:
		return "spawn";
	default:
		return "system";
	}
}

static int64_t ct_child_pid(const struct ct_logrec *ev)
{
	switch (ev->rec->kind) {
	case CT_EV_FORK:
	case CT_EV_VFORK:
		return ev->rec->result;
	case CT_EV_SPAWN:
		return ev->rec->result == 0 ? ev->rec->a0 : -1;
	default:
		return 0;   /* system(): the shell's pid is not recorded */
	}
}

static void ct_child_add(struct ct_build *b, const struct ct_logrec *ev)
{
	int64_t pid = ct_child_pid(ev);
	cJSON *o;

	if (pid < 0 || (pid == 0 && ev->rec->kind != CT_EV_SYSTEM))
		return;
	o = cJSON_CreateObject();
	if (ct_push_or_drop(b->children, o,
			    ct_add_int_or_null(o, "pid", pid, pid > 0) ||
			    ct_add_str(o, "how", ct_child_how(ev->rec->kind)) ||
			    ct_add_int(o, "t_ns", (int64_t)ev->rec->t_ns) ||
			    ct_add_str(o, "import", ct_py_module(&b->py, ev->rec->import_id)) ||
			    ct_add_item(o, "stack", cJSON_CreateNull()) ||
			    ct_add_item(o, "execs", ev->rec->kind == CT_EV_VFORK
						    ? cJSON_CreateArray() : cJSON_CreateNull())))
		return;
	b->last_obj[ev->rec->kind] = o;
	if (ev->rec->kind == CT_EV_VFORK) {
		b->vfork_child = o;
		b->vfork_pid = pid;
	}
}

static void ct_set(cJSON *o, const char *k, cJSON *v)
{
	if (v && !cJSON_ReplaceItemInObjectCaseSensitive(o, k, v))
		cJSON_Delete(v);
}

static cJSON *ct_exec_new(struct ct_build *b, cJSON *list, const struct ct_logrec *ev)
{
	cJSON *o = cJSON_CreateObject();

	if (ct_push_or_drop(list, o,
			    ct_add_bytes(o, "path", ct_logrec_str(ev, 0)) ||
			    ct_add_split(o, "argv", ct_logrec_str(ev, 1), '\x1f') ||
			    ct_add_int(o, "t_ns", (int64_t)ev->rec->t_ns) ||
			    ct_add_bool(o, "ok", 1) ||
			    ct_add_item(o, "candidates", cJSON_CreateArray()) ||
			    ct_add_item(o, "traced", cJSON_CreateNull()) ||
			    ct_add_str(o, "untraced", NULL) ||
			    ct_add_int(o, "candidates_lost", 0) ||
			    ct_add_item(o, "stack", cJSON_CreateNull())))
		return NULL;
	b->last_obj[CT_EV_EXEC] = o;
	return o;
}

/* The shim writes one record before each exec attempt (a0 0) and one more
 * when it returned (a0 1: failed).  A caller that searches PATH itself
 * (Python's subprocess) tries each candidate with the same argv: attempts
 * on one thread with the same argv, each right after a failed one, are
 * one exec with its candidates in order; path and ok are the last one's. */
static void ct_exec_attempt(struct ct_build *b, cJSON *list, const struct ct_logrec *ev)
{
	cJSON *o = b->exec_cur, *c = cJSON_CreateObject();

	if (!o || b->exec_list != list || !b->exec_failed || b->exec_tid != ev->tid ||
	    strcmp(b->exec_argv, ct_logrec_str(ev, 1)))
		o = ct_exec_new(b, list, ev);
	b->exec_cur = o;
	b->exec_list = list;
	b->exec_failed = 0;
	b->exec_tid = ev->tid;
	b->exec_argv = ct_logrec_str(ev, 1);
	b->exec_ids_ok = ev->rec->kind == CT_EV_EXEC &&
			 (ev->rec->a0 == CT_EXEC_WITH_IDS || ev->rec->a0 == CT_EXEC_NO_SHIM);
	b->exec_no_shim = b->exec_ids_ok && ev->rec->a0 == CT_EXEC_NO_SHIM;
	if (b->exec_ids_ok)
		b->exec_ids = (struct ct_exec_ids){ (uint32_t)((uint64_t)ev->rec->a1 >> 32),
						    (uint32_t)ev->rec->a1,
						    (uint32_t)((uint64_t)ev->rec->a2 >> 32),
						    (uint32_t)ev->rec->a2 };
	if (!o || ct_add_str(c, "path", ct_logrec_str(ev, 0)) || ct_add_str(c, "error", NULL) ||
	    ct_push(cJSON_GetObjectItemCaseSensitive(o, "candidates"), c))
		return;
	ct_set(o, "path", ct_str_json(ct_logrec_str(ev, 0)));
	ct_set(o, "ok", cJSON_CreateTrue());
}

/* The attempt returned: its candidate failed; another may follow. */
static void ct_exec_failed(struct ct_build *b, const struct ct_logrec *ev)
{
	cJSON *cands = cJSON_GetObjectItemCaseSensitive(b->exec_cur, "candidates");
	cJSON *last = cJSON_GetArrayItem(cands, cJSON_GetArraySize(cands) - 1);

	if (!last || b->exec_tid != ev->tid)
		return;
	ct_set(b->exec_cur, "ok", cJSON_CreateFalse());
	ct_set(last, "error", ct_str_json(strerror((int)ev->rec->err)));
	b->exec_failed = 1;
}

#define CT_WHY_NO_SHIM "its caller had changed its root (chroot) to one without the shim: the " \
		       "shim was left out of its LD_PRELOAD (its loader would print an error)"

/* An exec that ran: whether the new image left a log, and if not why
 * (with its caller's ids when the attempt's record has them). */
static void ct_exec_traced(const struct ct_build *b, cJSON *e, int traced, int with_ids)
{
	const char *path = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(e, "path"));
	char text[512];
	struct stat st;

	ct_set(e, "traced", cJSON_CreateBool(traced));
	if (traced || !path)
		return;
	if (with_ids && b->exec_no_shim) {
		ct_set(e, "untraced", ct_str_json(CT_WHY_NO_SHIM));
		return;
	}
	st.st_uid = (uid_t)geteuid();   /* the run directory's, as the launcher made it */
	stat(b->rundir, &st);
	ct_set(e, "untraced", ct_str_json(ct_exec_untraced_why(path, with_ids && b->exec_ids_ok ?
							       &b->exec_ids : NULL,
							       (uint32_t)st.st_uid, text, sizeof(text))));
}

/* One exec attempt of the latest vfork child (its parent wrote it once the
 * child had gone): failed, or the one that ran, whose image (the child's
 * pid, this image its parent) started after it if it was traced. */
static void ct_vfork_exec(struct ct_build *b, const struct ct_logrec *ev)
{
	cJSON *list = cJSON_GetObjectItemCaseSensitive(b->vfork_child, "execs");

	if (!cJSON_IsArray(list) || ev->rec->a0 != b->vfork_pid)
		return;   /* no vfork child of that pid in this image's records */
	ct_exec_attempt(b, list, ev);
	if (ev->rec->a1 > 0)
		ct_set(b->exec_cur, "candidates_lost", ct_int_json(ev->rec->a1));
	if (ev->rec->result < 0)
		ct_exec_failed(b, ev);
	else if (b->exec_cur)
		ct_exec_traced(b, b->exec_cur,
			       ct_logset_traced_after(b->rl, b->p->pidns, (int)b->vfork_pid,
						      b->p->pid, ev->rec->t_ns), 0);
}

void ct_children_feed(struct ct_build *b, const struct ct_logrec *ev)
{
	if (ev->rec->kind == CT_EV_VFORK_EXEC)
		ct_vfork_exec(b, ev);
	else if (ev->rec->kind == CT_EV_EXEC && ev->rec->a0 == CT_EXEC_RETURNED)
		ct_exec_failed(b, ev);
	else if (ev->rec->kind == CT_EV_EXEC)
		ct_exec_attempt(b, b->execs, ev);
	else
		ct_child_add(b, ev);
}

/* The image ended in a successful exec: did the new image leave a log? */
void ct_children_finish(struct ct_build *b)
{
	cJSON *last = cJSON_GetArrayItem(b->execs, cJSON_GetArraySize(b->execs) - 1);

	if (!last || !b->p->has_exit || b->p->exit_how != CT_EXIT_EXEC ||
	    !cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(last, "ok")))
		return;
	ct_exec_traced(b, last, b->p->exec_next != NULL, 1);
}
