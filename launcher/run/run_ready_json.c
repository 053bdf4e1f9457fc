/*
 * run_ready_json.c -- the record's ready{} (the condition that fired) and
 * not_ready{} (why none did), from what run_ready.c saw; docs/record.md
 * lists every key.
 *
 * Never: a time that was not measured (null instead), or ready{} and
 * not_ready{} both set.
 */
#include <signal.h>
#include <string.h>

#include "lib/json.h"
#include "ready.h"

static const char *const ct_kind_names[] = { "line", "port", "http", "notify", "file" };
static const char *const ct_at_names[] = { "stop", "wait", "keep" };

static cJSON *ct_listener_json(const struct ct_listener *l)
{
	cJSON *o = cJSON_CreateObject(), *argv;
	size_t i;

	if (!l->found) {
		cJSON_AddNullToObject(o, "pid");
		ct_add_str(o, "why", l->why);
		return o;
	}
	ct_add_int(o, "pid", l->pid);
	ct_add_bool(o, "is_root", l->is_root);
	ct_add_str(o, "exe", l->exe[0] ? l->exe : NULL);
	argv = cJSON_AddArrayToObject(o, "argv");
	for (i = 0; argv && i < l->argv_len; i += strnlen(l->argv + i, l->argv_len - i) + 1)
		ct_push(argv, ct_str_json(l->argv + i));
	ct_add_int(o, "holders", l->holders);
	cJSON_AddNullToObject(o, "why");
	return o;
}

static cJSON *ct_notify_json(const struct ct_notify *nt)
{
	cJSON *o = cJSON_CreateObject(), *st, *s;
	int i;

	ct_add_str(o, "socket", nt->name);
	ct_add_int_or_null(o, "sender_pid", nt->sender_pid, nt->sender_pid > 0);
	ct_add_int_or_null(o, "main_pid", nt->main_pid, nt->main_pid > 0);
	st = cJSON_AddArrayToObject(o, "status");
	for (i = 0; st && i < nt->nstatus; i++) {
		s = cJSON_CreateObject();
		ct_add_str(s, "text", nt->status[i]);
		ct_add_int(s, "t_ns", nt->status_ns[i]);
		ct_push(st, s);
	}
	return o;
}

static int ct_has_notify(const struct ct_ready *rd)
{
	int i;

	for (i = 0; i < rd->o->nready; i++)
		if (rd->o->ready[i].kind == CT_READY_NOTIFY)
			return 1;
	return 0;
}

/* stop{}: what coldtrace did to end the service, or null. */
static cJSON *ct_stop_json(const struct ct_ready *rd)
{
	cJSON *o;

	if (!rd->term_ns)
		return cJSON_CreateNull();
	o = cJSON_CreateObject();
	ct_add_str(o, "signal", "SIGTERM");
	ct_add_bool(o, "sigkill", rd->killed);
	ct_add_bool(o, "exited_first", rd->exited_first);
	ct_add_int(o, "timeout_ms", rd->o->stop_timeout_ms);
	if (rd->stop_done_ns > rd->term_ns && !rd->exited_first)
		ct_add_int(o, "stop_ms", (rd->stop_done_ns - rd->term_ns) / 1000000);
	else
		cJSON_AddNullToObject(o, "stop_ms");
	return o;
}

static cJSON *ct_specs_json(const struct ct_ready *rd)
{
	cJSON *a = cJSON_CreateArray();
	int i;

	for (i = 0; a && i < rd->o->nready; i++)
		ct_push(a, ct_str_json(rd->o->ready[i].spec));
	return a;
}

int64_t ct_ready_ms(const struct ct_ready *rd)
{
	return rd && rd->state == CT_RS_READY ? (rd->t_ns - rd->t0_ns) / 1000000 : -1;
}

cJSON *ct_ready_json(const struct ct_ready *rd)
{
	const struct ct_ready_spec *sp;
	cJSON *o;

	if (!rd || rd->state != CT_RS_READY)
		return cJSON_CreateNull();
	sp = &rd->o->ready[rd->spec];
	o = cJSON_CreateObject();
	ct_add_str(o, "condition", ct_kind_names[sp->kind]);
	ct_add_str(o, "spec", sp->spec);
	ct_add_str(o, "detail", rd->detail);
	ct_add_int(o, "t_ns", rd->t_ns);
	ct_add_int(o, "ms", ct_ready_ms(rd));
	ct_add_item(o, "conditions", ct_specs_json(rd));
	ct_add_item(o, "listener", sp->kind == CT_READY_PORT || sp->kind == CT_READY_HTTP ?
		    ct_listener_json(&rd->lis) : cJSON_CreateNull());
	ct_add_item(o, "notify", ct_has_notify(rd) ? ct_notify_json(&rd->nt) : cJSON_CreateNull());
	ct_add_str(o, "at_ready", ct_at_names[rd->o->at_ready]);
	ct_add_bool(o, "detached", rd->detached);
	ct_add_item(o, "stop", ct_stop_json(rd));
	return o;
}

cJSON *ct_not_ready_json(const struct ct_ready *rd)
{
	cJSON *o;

	if (!rd || rd->state == CT_RS_READY || rd->state == CT_RS_WAITING)
		return cJSON_CreateNull();
	o = cJSON_CreateObject();
	ct_add_str(o, "reason", rd->state == CT_RS_TIMEOUT ? "timeout" : "exited");
	ct_add_int(o, "ms", (rd->t_ns - rd->t0_ns) / 1000000);
	ct_add_item(o, "conditions", ct_specs_json(rd));
	if (rd->state == CT_RS_TIMEOUT)
		ct_add_int(o, "timeout_ms", rd->o->ready_timeout_ms);
	ct_add_item(o, "notify", ct_has_notify(rd) ? ct_notify_json(&rd->nt) : cJSON_CreateNull());
	ct_add_item(o, "stop", ct_stop_json(rd));
	return o;
}
