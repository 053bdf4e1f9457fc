/*
 * merge_children.c -- children[] (fork, vfork, posix_spawn, system) and
 * execs[] of a process image, from the parent's own records.
 *
 * Never: a child listed for a call that created none (a failed fork or
 * spawn counts in calls{} only).
 */
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

static int64_t ct_child_pid(const struct ct_ev *ev)
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

static void ct_child_add(struct ct_build *b, const struct ct_ev *ev)
{
	int64_t pid = ct_child_pid(ev);
	cJSON *o;

	if (pid < 0 || (pid == 0 && ev->rec->kind != CT_EV_SYSTEM))
		return;
	o = cJSON_CreateObject();
	if (ct_add_int_or_null(o, "pid", pid, pid > 0) |
	    ct_add_str(o, "how", ct_child_how(ev->rec->kind)) |
	    ct_add_int(o, "t_ns", (int64_t)ev->rec->t_ns) |
	    ct_add_str(o, "import", ct_py_module(&b->py, ev->rec->import_id)) |
	    ct_add_item(o, "stack", cJSON_CreateNull()) | ct_push(b->children, o))
		return;
	b->last_obj[ev->rec->kind] = o;
}

static void ct_exec_add(struct ct_build *b, const struct ct_ev *ev)
{
	cJSON *o = cJSON_CreateObject();

	if (ct_add_str(o, "path", ct_ev_str(ev, 0)) |
	    ct_add_item(o, "argv", ct_split_json(ct_ev_str(ev, 1), '\x1f')) |
	    ct_add_int(o, "t_ns", (int64_t)ev->rec->t_ns) |
	    ct_add_bool(o, "ok", ev->rec->result != -1) |
	    ct_add_item(o, "stack", cJSON_CreateNull()) | ct_push(b->execs, o))
		return;
	b->last_obj[CT_EV_EXEC] = o;
}

void ct_children_feed(struct ct_build *b, const struct ct_ev *ev)
{
	if (ev->rec->kind == CT_EV_EXEC)
		ct_exec_add(b, ev);
	else
		ct_child_add(b, ev);
}
