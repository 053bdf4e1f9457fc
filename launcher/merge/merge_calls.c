/*
 * merge_calls.c -- calls{} (per interposed function kind the image called:
 * count, errors, time) and mmap{} totals of a process image.
 *
 * Only records of interposed calls count (not LIB, STACK, thread start or
 * Python records).  Never: a call counted that the shim did not see; what
 * it cannot see is stated once in the record's not_seen.
 */
#include <sys/mman.h>

#include "merge_int.h"

static int ct_is_call(int kind)
{
	return ct_kind(kind)->call;
}

static void ct_mmap_feed(struct ct_build *b, const struct ct_logrec *ev)
{
	int64_t flags = ev->rec->a1 & 0xffffffff, fd = ev->rec->a1 >> 40;

	if (ct_logrec_failed(ev))
		return;
	if (fd >= 0 && !(flags & MAP_ANONYMOUS)) {
		b->mm_file++;
		ct_sat_add(&b->mm_file_bytes, ev->rec->a2);
	} else {
		b->mm_anon++;
		ct_sat_add(&b->mm_anon_bytes, ev->rec->a2);
	}
}

void ct_calls_feed(struct ct_build *b, const struct ct_logrec *ev)
{
	int kind = ev->rec->kind;
	struct ct_call_stat *c;

	if (!ct_is_call(kind))
		return;
	c = &b->calls[kind];
	c->count++;
	c->errors += ct_logrec_failed(ev);
	ct_sat_add(&c->time_ns, (int64_t)ev->rec->dur_ns);
	if (kind == CT_EV_MMAP)
		ct_mmap_feed(b, ev);
}

cJSON *ct_calls_json(const struct ct_build *b)
{
	cJSON *o = cJSON_CreateObject(), *c;
	int kind;

	for (kind = 1; o && kind < CT_EV_KIND_MAX; kind++) {
		if (!ct_is_call(kind) || b->calls[kind].count == 0)
			continue;
		c = cJSON_CreateObject();
		if (ct_add_int(c, "count", b->calls[kind].count) ||
		    ct_add_int(c, "errors", b->calls[kind].errors) ||
		    ct_add_int(c, "time_ns", b->calls[kind].time_ns) ||
		    ct_add_item(o, ct_kind_name(kind), c)) {
			cJSON_Delete(o);
			return NULL;
		}
	}
	return o;
}

cJSON *ct_mmap_json(const struct ct_build *b)
{
	cJSON *o = cJSON_CreateObject();

	if (ct_add_int(o, "file_backed", b->mm_file) || ct_add_int(o, "anonymous", b->mm_anon) ||
	    ct_add_int(o, "file_bytes", b->mm_file_bytes) ||
	    ct_add_int(o, "anon_bytes", b->mm_anon_bytes)) {
		cJSON_Delete(o);
		return NULL;
	}
	return o;
}
