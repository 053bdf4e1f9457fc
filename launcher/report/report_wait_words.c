/*
 * report_wait_words.c -- the "Waiting" section's answer in words: the
 * main thread's off-CPU time and what it waited in, then the other
 * threads grouped by start routine and top wait ("8 threads (worker):
 * 50 ms off the CPU each, mostly in nanosleep").
 *
 * Never: "mostly" for a wait that covers less than half the off-CPU
 * time, a group sentence without its thread count.
 */
#include <string.h>

#include "lib/fmt.h"
#include "report.h"

#define CT_WAIT_GROUPS 5    /* group sentences at most; then a count of the rest */

static const char *ct_top_what(const cJSON *row)
{
	const char *w = ct_rstr(ct_rget(row, "top_wait"), "what");

	return w ? w : "";
}

/* "sem_wait (a Python lock: ...)" or the name alone. */
static void ct_what_words(char *out, size_t n, const cJSON *row)
{
	const char *means = ct_rstr(ct_rget(row, "top_wait"), "means");

	snprintf(out, n, means ? "%s (%s)" : "%s", ct_top_what(row), means);
}

/* ", mostly in X" / ", partly in X (the rest in no timed call)" / "". */
static void ct_rwait_tail(char *out, size_t n, const char *what, int64_t wait_ns, int64_t off_ns)
{
	if (!what || !*what || wait_ns <= 0)
		snprintf(out, n, ", in no call coldtrace times (a futex, I/O or page faults)");
	else if (2 * wait_ns >= off_ns)
		snprintf(out, n, ", mostly in %s", what);
	else
		snprintf(out, n, ", partly in %s (the rest in no call coldtrace times)", what);
}

static void ct_say_main(cJSON *out, const cJSON *m)
{
	char off[32], life[32], cpu[32], w[32], what[160], tail[240], line[400];
	const cJSON *top = ct_rget(m, "top_wait");

	ct_fmt_ms(off, sizeof(off), ct_rint(m, "off_cpu_ns"));
	ct_fmt_ms(life, sizeof(life), ct_rint(m, "life_ns"));
	ct_fmt_ms(cpu, sizeof(cpu), ct_rint(m, "cpu_ns"));
	if (cJSON_IsObject(top) && ct_rint(top, "ns") > 0) {
		ct_fmt_ms(w, sizeof(w), ct_rint(top, "ns"));
		ct_what_words(what, sizeof(what), m);
		snprintf(tail, sizeof(tail), "; it waited %s in %s (%lld calls)", w, what,
			 (long long)ct_rint(top, "count"));
	} else {
		ct_rwait_tail(tail, sizeof(tail), NULL, 0, 0);
	}
	snprintf(line, sizeof(line), "the main thread: %s off the CPU of its %s life (%s on the "
		 "CPU)%s", off, life, cpu, tail);
	ct_push(out, cJSON_CreateString(line));
}

/* The sentence of the group that row i starts (rows before i with its
 * name and top wait were said already): 1 when it was a new group. */
static int ct_say_group(cJSON *out, const cJSON *rows, int i, int say)
{
	const cJSON *r = cJSON_GetArrayItem(rows, i), *x;
	const char *name = ct_rstr(r, "thread"), *what = ct_top_what(r);
	int64_t off = 0, wait = 0, n = 0;
	char each[32], words[160], tail[240], line[400];
	int j = 0;

	cJSON_ArrayForEach(x, rows) {
		int same = !strcmp(ct_rstr(x, "thread"), name) && !strcmp(ct_top_what(x), what);

		if (same && j < i)
			return 0;
		if (same) {
			n++;
			ct_radd(&off, ct_rint(x, "off_cpu_ns"));
			ct_radd(&wait, ct_rint(ct_rget(x, "top_wait"), "ns"));
		}
		j++;
	}
	if (!say)
		return 1;
	ct_what_words(words, sizeof(words), r);
	ct_rwait_tail(tail, sizeof(tail), *what ? words : NULL, wait, off);
	ct_fmt_ms(each, sizeof(each), off / n);
	snprintf(line, sizeof(line), "%lld thread%s (%s): %s off the CPU%s%s", (long long)n,
		 n == 1 ? "" : "s", name, each, n == 1 ? "" : " each", tail);
	ct_push(out, cJSON_CreateString(line));
	return 1;
}

cJSON *ct_rwait_summary(const cJSON *rows, int64_t unseen)
{
	cJSON *out = cJSON_CreateArray();
	int i, n = cJSON_GetArraySize(rows), groups = 0;
	char line[200];

	for (i = 0; i < n; i++) {
		const cJSON *r = cJSON_GetArrayItem(rows, i);

		if (!strcmp(ct_rstr(r, "thread"), "main"))
			ct_say_main(out, r);
		else
			groups += ct_say_group(out, rows, i, groups < CT_WAIT_GROUPS);
	}
	if (groups > CT_WAIT_GROUPS) {
		snprintf(line, sizeof(line), "... %d more groups of threads", groups - CT_WAIT_GROUPS);
		ct_push(out, cJSON_CreateString(line));
	}
	if (unseen > 0) {
		snprintf(line, sizeof(line), "%lld thread%s left no CPU record (alive at the image's "
			 "end, or an older log): not counted", (long long)unseen, unseen == 1 ? "" : "s");
		ct_push(out, cJSON_CreateString(line));
	}
	return out;
}
