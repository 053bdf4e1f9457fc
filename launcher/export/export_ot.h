/*
 * export_ot.h -- `coldtrace export --otlp`: one run's record as one OTLP
 * TracesData (export_ot_spans.c builds the spans, export_otlp.c the
 * command and the resource).
 *
 * proto3 JSON mapping as OTLP/JSON reads it: camelCase keys, 64-bit
 * integers as strings, traceId (32) and spanId (16) as lowercase hex
 * (OTLP's exception to base64), enums as numbers.  Times: the record's
 * CLOCK_MONOTONIC ns + offset, one offset per run (the root image's
 * start_unix_ms in ns less its start_ns), so spans keep the record's
 * exact durations and order.
 * Never: a span id 0 or used twice in a trace; a parent id that is no
 * span of the trace.
 */
#ifndef CT_EXPORT_OT_H
#define CT_EXPORT_OT_H

#include <stdint.h>
#include <cjson/cJSON.h>

struct ct_ot {
	cJSON *spans;           /* the scope's spans[] */
	char trace_id[33];
	uint64_t next_id;       /* the last span id given */
	int64_t offset;         /* unix ns - CLOCK_MONOTONIC ns */
	int oom;
};

/* A span under parent (0: none) from a to b (unix ns); takes attrs (an
 * object of scalars, may be NULL).  Its id, 0 when out of memory. */
uint64_t ct_ot_span(struct ct_ot *o, uint64_t parent, const char *name, int64_t a, int64_t b,
		    cJSON *attrs);
/* OTLP attributes [{"key", "value": {"stringValue"|...}}] of an object's scalars. */
cJSON *ct_ot_attributes(const cJSON *obj);
/* The spans of every image of rec under the run's span. */
void ct_ot_images(struct ct_ot *o, const cJSON *rec, uint64_t run_span);

#endif
