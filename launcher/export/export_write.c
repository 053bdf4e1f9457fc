/*
 * export_write.c -- the trace's event array: adding, sorting, writing.
 *
 * Sorted by (pid, tid, ts, insertion order): within a thread time never
 * goes back, and of two events at the same nanosecond the one recorded
 * first comes first (a B before the X that starts inside it).  Timestamps
 * are microseconds since t->t0 with three decimals: exact to the
 * nanosecond, so nesting survives the conversion.
 */
#include <stdlib.h>
#include <string.h>

#include "cmds.h"
#include "export.h"
#include "lib/order.h"
#include "lib/vec.h"
#include "lib/json.h"

int ct_trace_add(struct ct_trace *t, char ph, uint32_t pid, uint32_t tid, uint64_t ts,
		 const char *cat, char *name, cJSON *args)
{
	if (CT_GROW(t->ev, t->cap, t->n) < 0) {
		free(name);
		cJSON_Delete(args);
		return -1;
	}
	t->ev[t->n] = (struct ct_tev){ ts, 0, pid, tid, (uint32_t)t->n, ph, 't', cat, name, args };
	t->n++;
	return 0;
}

void ct_trace_free(struct ct_trace *t)
{
	size_t i;

	for (i = 0; i < t->n; i++) {
		free(t->ev[i].name);
		cJSON_Delete(t->ev[i].args);
	}
	free(t->ev);
	ct_map_free(&t->named);
	cJSON_Delete(t->meta);
	memset(t, 0, sizeof(*t));
}

static int ct_tev_cmp(const void *a, const void *b)
{
	const struct ct_tev *x = a, *y = b;

	return ct_order(x->pid, y->pid) ?: ct_order(x->tid, y->tid) ?:
	       ct_order(x->ts, y->ts) ?: ct_order(x->seq, y->seq);
}

/* Threads and processes that carry events but were not in the record. */
static void ct_name_rest(struct ct_trace *t)
{
	char name[32];
	size_t i;

	for (i = 0; i < t->n; i++) {
		if (!ct_map_get(&t->named, (uint64_t)t->ev[i].pid << 32)) {
			snprintf(name, sizeof(name), "pid %u", t->ev[i].pid);
			ct_export_name_process(t, t->ev[i].pid, name);
		}
		snprintf(name, sizeof(name), "thread %u", t->ev[i].tid);
		ct_export_name_thread(t, t->ev[i].pid, t->ev[i].tid, name);
	}
}

static int ct_put_json(FILE *out, const char *key, const cJSON *v)
{
	char *text = ct_json_print_flat(v);
	int rc = text && fprintf(out, ",\"%s\":%s", key, text) > 0 ? 0 : -1;

	free(text);
	return rc;
}

static double ct_us(const struct ct_trace *t, uint64_t ns)
{
	return ns > t->t0 ? (double)(ns - t->t0) / 1000.0 : 0.0;
}

static int ct_put_event(FILE *out, const struct ct_trace *t, const struct ct_tev *e,
			const char *sep)
{
	cJSON *name = e->name ? ct_str_json(e->name) : NULL;
	int rc = 0;

	fprintf(out, "%s{\"ph\":\"%c\",\"pid\":%u,\"tid\":%u,\"ts\":%.3f", sep, e->ph, e->pid,
		e->tid, ct_us(t, e->ts));
	if (e->ph == 'X')
		fprintf(out, ",\"dur\":%.3f", (double)e->dur / 1000.0);
	if (e->ph == 'i')
		fprintf(out, ",\"s\":\"%c\"", e->scope);
	if (e->cat)
		fprintf(out, ",\"cat\":\"%s\"", e->cat);
	if (name)
		rc |= ct_put_json(out, "name", name);
	if (e->args)
		rc |= ct_put_json(out, "args", e->args);
	cJSON_Delete(name);
	return rc | (fputc('}', out) == EOF ? -1 : 0);
}

static int ct_put_head(FILE *out, const struct ct_trace *t, const cJSON *rec)
{
	cJSON *other = cJSON_CreateObject();
	const cJSON *id = cJSON_GetObjectItemCaseSensitive(rec, "run_id");
	int rc;

	cJSON_AddStringToObject(other, "generator", "coldtrace " CT_VERSION);
	cJSON_AddStringToObject(other, "run_id", cJSON_IsString(id) ? id->valuestring : "");
	cJSON_AddNumberToObject(other, "fs_calls_as_counters_in_images", (double)t->aggregated);
	fprintf(out, "{\"displayTimeUnit\":\"ms\"");
	rc = ct_put_json(out, "otherData", other);
	cJSON_Delete(other);
	fprintf(out, ",\"traceEvents\":[\n");
	return rc;
}

int ct_trace_write(FILE *out, struct ct_trace *t, const cJSON *rec)
{
	const cJSON *m;
	char *text;
	int rc, first = 1;
	size_t i;

	if (t->n)   /* t->ev is NULL when there is nothing */
		qsort(t->ev, t->n, sizeof(*t->ev), ct_tev_cmp);
	ct_name_rest(t);
	rc = ct_put_head(out, t, rec);
	cJSON_ArrayForEach(m, t->meta) {
		text = ct_json_print_flat(m);
		if (!text || fprintf(out, "%s%s", first ? "" : ",\n", text) < 0)
			rc = -1;
		first = 0;
		free(text);
	}
	for (i = 0; i < t->n; i++, first = 0)
		rc |= ct_put_event(out, t, &t->ev[i], first ? "" : ",\n");
	fprintf(out, "\n]}\n");
	return rc | (ferror(out) ? -1 : 0);
}
