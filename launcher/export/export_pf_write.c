/*
 * export_pf_write.c -- the Perfetto trace's bytes: a Trace message (field
 * 1: TracePacket, repeated) with the track descriptors first, then every
 * TrackEvent in time order, on one trusted packet sequence.
 *
 * Field numbers (perfetto/protos/perfetto/trace/): TracePacket timestamp
 * 8, trusted_packet_sequence_id 10, track_event 11, sequence_flags 13,
 * track_descriptor 60; TrackDescriptor uuid 1, name 2, process 3, thread
 * 4, parent_uuid 5, counter 8; ProcessDescriptor pid 1, cmdline 2,
 * process_name 6; ThreadDescriptor pid 1, tid 2, thread_name 5;
 * CounterDescriptor unit 3; TrackEvent debug_annotations 4, type 9,
 * track_uuid 11, categories 22, name 23, counter_value 30, flow_ids 47,
 * terminating_flow_ids 48; DebugAnnotation bool 2, int 4, double 5,
 * string 6, name 10.  Timestamps are the record's CLOCK_MONOTONIC ns, in
 * the trace's default clock.
 * Never: a slice that crosses its parent's end (it is cut there), an END
 * before its BEGIN.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "export_pb.h"
#include "export_pf.h"
#include "lib/order.h"
#include "lib/vec.h"

enum { CT_PF_BEGIN = 1, CT_PF_END = 2, CT_PF_INSTANT = 3, CT_PF_COUNTER = 4 };
#define CT_PF_SEQ 1
#define CT_PF_UNIT_BYTES 3

struct ct_pev {
	uint64_t ts;
	uint32_t seq;           /* generation order: a track's events stay in order */
	uint8_t type;
	size_t idx;             /* slice index, or counter index for CT_PF_COUNTER */
};

struct ct_pw {
	struct ct_pf *pf;
	struct ct_pev *ev;
	size_t n, cap;
	size_t *stack;          /* open slices of the track being walked */
	size_t depth, capst;
	int oom;
};

static int ct_pf_by_track(const void *x, const void *y)
{
	const struct ct_pslice *a = x, *b = y;

	/* track, start, the longer first (of two that start together it is the
	 * parent), insertion order */
	return ct_order(a->track, b->track) ?: ct_order(a->a, b->a) ?:
	       ct_order(b->b, a->b) ?: ct_order(a->seq, b->seq);
}

static int ct_pev_cmp(const void *x, const void *y)
{
	const struct ct_pev *a = x, *b = y;

	return ct_order(a->ts, b->ts) ?: ct_order(a->seq, b->seq);
}

static void ct_pw_add(struct ct_pw *w, uint64_t ts, uint8_t type, size_t idx)
{
	if (CT_GROW(w->ev, w->cap, w->n) < 0) {
		w->oom = 1;
		return;
	}
	w->ev[w->n] = (struct ct_pev){ ts, (uint32_t)w->n, type, idx };
	w->n++;
}

static void ct_pw_pop(struct ct_pw *w)
{
	size_t top = w->stack[--w->depth];

	ct_pw_add(w, w->pf->s[top].b, CT_PF_END, top);
}

/* Slices sorted by track then time, nested with a stack per track. */
static void ct_pw_slices(struct ct_pw *w)
{
	struct ct_pslice *s = w->pf->s, *top;
	size_t i;

	for (i = 0; i < w->pf->ns; i++) {
		while (w->depth && (s[w->stack[w->depth - 1]].track != s[i].track ||
				    s[w->stack[w->depth - 1]].b <= s[i].a))
			ct_pw_pop(w);
		top = w->depth ? &s[w->stack[w->depth - 1]] : NULL;
		if (top && s[i].b > top->b)
			s[i].b = top->b;   /* cut at its parent's end */
		if (s[i].instant) {
			ct_pw_add(w, s[i].a, CT_PF_INSTANT, i);
			continue;
		}
		ct_pw_add(w, s[i].a, CT_PF_BEGIN, i);
		if (CT_GROW(w->stack, w->capst, w->depth) < 0) {
			w->oom = 1;
			return;
		}
		w->stack[w->depth++] = i;
	}
	while (w->depth)
		ct_pw_pop(w);
}

static void ct_pw_track(struct ct_pb *pb, const struct ct_ptrack *t, int first)
{
	size_t pk = ct_pb_begin(pb, 1), td, d;
	const cJSON *a, *argv = t->kind == 'p' ? t->argv : NULL;
	char name[64];

	ct_pb_varint(pb, 10, CT_PF_SEQ);
	if (first)
		ct_pb_varint(pb, 13, 1);   /* SEQ_INCREMENTAL_STATE_CLEARED */
	td = ct_pb_begin(pb, 60);
	ct_pb_varint(pb, 1, t->uuid);
	if (t->parent)
		ct_pb_varint(pb, 5, t->parent);
	snprintf(name, sizeof(name), "%s %u", t->kind == 'p' ? "pid" : "thread",
		 t->kind == 'p' ? t->pid : t->tid);
	if (t->kind == 'c') {
		ct_pb_str(pb, 2, t->name);
		d = ct_pb_begin(pb, 8);
		ct_pb_varint(pb, 3, CT_PF_UNIT_BYTES);
	} else {
		d = ct_pb_begin(pb, t->kind == 'p' ? 3 : 4);
		ct_pb_varint(pb, 1, t->pid);
		if (t->kind == 't')
			ct_pb_varint(pb, 2, t->tid);
		cJSON_ArrayForEach(a, argv)
			if (cJSON_IsString(a))
				ct_pb_str(pb, 2, a->valuestring);
		ct_pb_str(pb, t->kind == 'p' ? 6 : 5, *t->name ? t->name : name);
	}
	ct_pb_end(pb, d);
	ct_pb_end(pb, td);
	ct_pb_end(pb, pk);
}

static void ct_pw_annotation(struct ct_pb *pb, const cJSON *v)
{
	size_t m = ct_pb_begin(pb, 4);
	uint64_t bits;
	double d = v->valuedouble;

	ct_pb_str(pb, 10, v->string);
	if (cJSON_IsString(v))
		ct_pb_str(pb, 6, v->valuestring);
	else if (cJSON_IsBool(v))
		ct_pb_varint(pb, 2, cJSON_IsTrue(v));
	else if (d == floor(d) && fabs(d) < 9.2e18)
		ct_pb_varint(pb, 4, (uint64_t)(int64_t)d);
	else {
		memcpy(&bits, &d, sizeof(bits));
		ct_pb_fixed64(pb, 5, bits);
	}
	ct_pb_end(pb, m);
}

static void ct_pw_event(struct ct_pb *pb, const struct ct_pf *pf, const struct ct_pev *e)
{
	const struct ct_pslice *s = e->type == CT_PF_COUNTER ? NULL : &pf->s[e->idx];
	size_t pk = ct_pb_begin(pb, 1), te;
	const cJSON *a;

	ct_pb_varint(pb, 8, e->ts);
	ct_pb_varint(pb, 10, CT_PF_SEQ);
	te = ct_pb_begin(pb, 11);
	ct_pb_varint(pb, 9, e->type);
	ct_pb_varint(pb, 11, s ? s->track : pf->c[e->idx].track);
	if (!s)
		ct_pb_varint(pb, 30, (uint64_t)pf->c[e->idx].value);
	if (s && e->type != CT_PF_END) {
		ct_pb_str(pb, 22, s->cat);
		ct_pb_str(pb, 23, s->name);
		cJSON_ArrayForEach(a, s->args)
			if (a->string && (cJSON_IsString(a) || cJSON_IsNumber(a) || cJSON_IsBool(a)))
				ct_pw_annotation(pb, a);
		if (s->flow_out)
			ct_pb_fixed64(pb, 47, s->flow_out);
		if (s->flow_in)
			ct_pb_fixed64(pb, 48, s->flow_in);
	}
	ct_pb_end(pb, te);
	ct_pb_end(pb, pk);
}

int ct_pf_write(FILE *out, struct ct_pf *pf)
{
	struct ct_pw w = { pf, NULL, 0, 0, NULL, 0, 0, 0 };
	struct ct_pb pb = { NULL, 0, 0, 0 };
	size_t i;
	int rc = 0;

	if (pf->ns)
		qsort(pf->s, pf->ns, sizeof(*pf->s), ct_pf_by_track);
	ct_pw_slices(&w);
	for (i = 0; i < pf->nc; i++)
		ct_pw_add(&w, pf->c[i].ts, CT_PF_COUNTER, i);
	if (w.n)
		qsort(w.ev, w.n, sizeof(*w.ev), ct_pev_cmp);
	for (i = 0; i < pf->ntr; i++)
		ct_pw_track(&pb, &pf->tr[i], i == 0);
	for (i = 0; i < w.n; i++)
		ct_pw_event(&pb, pf, &w.ev[i]);
	if (w.oom || pb.oom) {
		errno = ENOMEM;
		rc = -1;
	} else if (pb.n && fwrite(pb.b, 1, pb.n, out) != pb.n)
		rc = -1;
	free(w.ev);
	free(w.stack);
	ct_pb_free(&pb);
	return rc | (ferror(out) ? -1 : 0);
}
