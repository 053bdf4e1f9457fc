/*
 * merge_waits.c -- CPU against waiting: a thread's THREAD_CPU and
 * THREAD_WAIT records as fields of its threads[] entry, and their sums
 * over the image as processes[].waiting (docs/record-processes.md).
 *
 * off-CPU = life - CPU - run-queue delay, floored at 0: the time the
 * thread was neither running nor waiting to run.  Never: a number for a
 * thread that left no THREAD_CPU record (older logs, threads still alive
 * at the image's end): null, and the image's sums say how many are
 * missing.
 */
#include <stdlib.h>
#include <string.h>

#include "merge_int.h"

void ct_thr_cpu_feed(struct ct_thr_cpu *c, const struct ct_rec *r)
{
	uint64_t sw = (uint64_t)r->result;

	if (r->kind == CT_EV_THREAD_WAIT) {
		if (r->a0 > 0 && r->a0 < CT_WAIT_MAX && r->a1 > 0) {
			ct_sat_add(&c->wait_n[r->a0], r->a1);
			ct_sat_add(&c->wait_ns[r->a0], r->a2 > 0 ? r->a2 : 0);
		}
		return;
	}
	c->seen = 1;
	c->user = r->a0 > 0 ? r->a0 : 0;
	c->sys = r->a1 > 0 ? r->a1 : 0;
	c->rq = r->a2;
	c->vcsw = (int64_t)(sw & 0xffffffffu);
	c->ivcsw = (int64_t)(sw >> 32);
}

static int64_t ct_off_cpu(const struct ct_thr_cpu *c, int64_t life)
{
	int64_t off = life - c->user - c->sys - (c->rq > 0 ? c->rq : 0);

	return off > 0 ? off : 0;
}

/* The calls a thread (or an image) waited in, the longest total first. */
static cJSON *ct_waits_json(const struct ct_thr_cpu *c, const int64_t *threads)
{
	cJSON *arr = cJSON_CreateArray(), *o;
	int done[CT_WAIT_MAX] = { 0 }, w, best;

	for (;;) {
		for (best = 0, w = 1; w < CT_WAIT_MAX; w++)
			if (!done[w] && c->wait_n[w] && (!best || c->wait_ns[w] > c->wait_ns[best]))
				best = w;
		if (!best || !arr)
			return arr;
		done[best] = 1;
		o = cJSON_CreateObject();
		if (ct_push_or_drop(arr, o,
				    ct_add_str(o, "what", ct_wait_name(best)) ||
				    ct_add_int(o, "count", c->wait_n[best]) ||
				    ct_add_int(o, "ns", c->wait_ns[best]) ||
				    (threads ? ct_add_int(o, "threads", threads[best]) : 0))) {
			cJSON_Delete(arr);
			return NULL;
		}
	}
}

/* A thread's fields; life < 0: unknown (then no off-CPU time). */
int ct_thr_cpu_add(cJSON *o, const struct ct_thr_cpu *c, int64_t life)
{
	int k = c->seen, lk = k && life >= 0;

	return ct_add_int_or_null(o, "life_ns", life, life >= 0) ||
	       ct_add_int_or_null(o, "cpu_ns", c->user + c->sys, k) ||
	       ct_add_int_or_null(o, "user_ns", c->user, k) ||
	       ct_add_int_or_null(o, "system_ns", c->sys, k) ||
	       ct_add_int_or_null(o, "runqueue_ns", c->rq, k && c->rq >= 0) ||
	       ct_add_int_or_null(o, "off_cpu_ns", lk ? ct_off_cpu(c, life) : 0, lk) ||
	       ct_add_int_or_null(o, "voluntary_switches", c->vcsw, k) ||
	       ct_add_int_or_null(o, "involuntary_switches", c->ivcsw, k) ||
	       ct_add_item(o, "waits", k ? ct_waits_json(c, NULL) : cJSON_CreateNull());
}

/* One thread into the image's sums. */
void ct_wait_sum_add(struct ct_wait_sum *s, const struct ct_thr_cpu *c, int64_t life)
{
	int w;

	if (!c->seen || life < 0) {
		s->unseen++;
		return;
	}
	s->seen++;
	ct_sat_add(&s->life, life);
	ct_sat_add(&s->all.user, c->user);
	ct_sat_add(&s->all.sys, c->sys);
	ct_sat_add(&s->all.rq, c->rq > 0 ? c->rq : 0);
	ct_sat_add(&s->off, ct_off_cpu(c, life));
	for (w = 1; w < CT_WAIT_MAX; w++) {
		if (!c->wait_n[w])
			continue;
		s->threads[w]++;
		ct_sat_add(&s->all.wait_n[w], c->wait_n[w]);
		ct_sat_add(&s->all.wait_ns[w], c->wait_ns[w]);
	}
}

cJSON *ct_wait_sum_json(const struct ct_wait_sum *s)
{
	cJSON *o = cJSON_CreateObject();
	int k = s->seen > 0;

	if (ct_add_int(o, "threads_seen", s->seen) || ct_add_int(o, "threads_unseen", s->unseen) ||
	    ct_add_int_or_null(o, "life_ns", s->life, k) ||
	    ct_add_int_or_null(o, "cpu_ns", s->all.user + s->all.sys, k) ||
	    ct_add_int_or_null(o, "user_ns", s->all.user, k) ||
	    ct_add_int_or_null(o, "system_ns", s->all.sys, k) ||
	    ct_add_int_or_null(o, "runqueue_ns", s->all.rq, k) ||
	    ct_add_int_or_null(o, "off_cpu_ns", s->off, k) ||
	    ct_add_item(o, "waits", ct_waits_json(&s->all, s->threads))) {
		cJSON_Delete(o);
		return NULL;
	}
	return o;
}
