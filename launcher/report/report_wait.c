/*
 * report_wait.c -- "Waiting": per image, who was off the CPU, for how
 * long and in what, in words ("8 threads (worker): off the CPU 50 ms
 * each, in nanosleep"), then the threads by off-CPU time; from the
 * record's processes[].threads[] and processes[].waiting.
 *
 * Never: a wait named that the record does not name (off-CPU time
 * outside the timed calls is said to be unnamed: a futex, I/O or page
 * faults), a thread without a CPU record counted as idle.
 */
#include <stdlib.h>
#include <string.h>

#include "lib/fmt.h"
#include "cols.h"
#include "report.h"

/* What a wait call is in a Python image (CPython 3.8 to 3.13), NULL:
 * nothing more than its name. */
static const char *ct_rwait_means(const char *what, int python)
{
	static const char *const py[][2] = {
		{ "sem_wait", "a Python lock: Thread.join, Lock.acquire, queue.get" },
		{ "sem_clockwait", "a Python lock acquired with a timeout" },
		{ "sem_timedwait", "a Python lock acquired with a timeout" },
		{ "pthread_cond_timedwait", "Python's GIL" },
		{ "clock_nanosleep", "time.sleep" },
	};
	size_t i;

	for (i = 0; python && what && i < sizeof(py) / sizeof(py[0]); i++)
		if (!strcmp(py[i][0], what))
			return py[i][1];
	return NULL;
}

/* "main", or the start routine's symbol (else its object's name). */
static void ct_thread_name(const cJSON *t, int main, char *out, size_t n)
{
	const char *r = ct_rstr(t, "start_routine"), *sp, *base;
	size_t len;

	if (main || !r) {
		snprintf(out, n, "%s", main ? "main" : "?");
		return;
	}
	sp = strrchr(r, ' ');
	base = sp ? sp + 1 : ct_fmt_base(r);
	len = sp && strchr(base, '+') ? (size_t)(strchr(base, '+') - base) : strlen(base);
	snprintf(out, n, "%.*s", (int)len, base);
}

/* A thread's row: its name, its columns (cols_procs.c), its top wait. */
static cJSON *ct_thread_row(const cJSON *t, int main, int python)
{
	const cJSON *w = cJSON_GetArrayItem(ct_rget(t, "waits"), 0);
	const struct ct_col *col;
	cJSON *o = cJSON_CreateObject(), *top;
	char name[128];

	ct_thread_name(t, main, name, sizeof(name));
	ct_add_str(o, "thread", name);
	for (col = ct_cols_threads.cols; col < ct_cols_threads.cols + ct_cols_threads.n; col++)
		ct_add_item(o, col->id, ct_col_json(t, col));
	if (!w) {
		ct_add_null(o, "top_wait");
		return o;
	}
	top = cJSON_AddObjectToObject(o, "top_wait");
	ct_add_str(top, "what", ct_rstr(w, "what") ? ct_rstr(w, "what") : "?");
	if (ct_rwait_means(ct_rstr(w, "what"), python))
		ct_add_str(top, "means", ct_rwait_means(ct_rstr(w, "what"), python));
	else
		ct_add_null(top, "means");
	ct_add_num(top, "ns", (double)ct_rint(w, "ns"));
	ct_add_num(top, "count", (double)ct_rint(w, "count"));
	return o;
}

static int ct_by_off(const void *a, const void *b)
{
	int64_t x = ct_rint(*(cJSON *const *)a, "off_cpu_ns"), y = ct_rint(*(cJSON *const *)b, "off_cpu_ns");

	return (x < y) - (x > y);
}

/* The rows of threads with a CPU record, the main thread first, the
 * others by off-CPU time. */
static cJSON *ct_thread_rows(const cJSON *proc, int python)
{
	const cJSON *threads = ct_rget(proc, "threads"), *t;
	int n = cJSON_GetArraySize(threads), k = 0, i;
	cJSON **v = calloc((size_t)n + 1, sizeof(*v)), *arr = cJSON_CreateArray();
	int64_t pid = ct_rint(proc, "pid");

	cJSON_ArrayForEach(t, threads)
		if (v && ct_rint(t, "off_cpu_ns") >= 0)
			v[k++] = ct_thread_row(t, ct_rint(t, "tid") == pid, python);
	for (i = 0; i < k; i++)
		if (!strcmp(ct_rstr(v[i], "thread"), "main") && i > 0) {
			cJSON *m = v[i];

			memmove(v + 1, v, (size_t)i * sizeof(*v));
			v[0] = m;
		}
	if (k > 1)
		qsort(v + 1, (size_t)k - 1, sizeof(*v), ct_by_off);
	for (i = 0; i < k; i++)
		ct_push(arr, v[i]);
	free(v);
	return arr;
}

/* An image's threads and its waiting summary; NULL without a thread
 * that has a CPU record. */
static cJSON *ct_rwait_image(const struct ct_rctx *c, size_t i)
{
	const cJSON *proc = c->img[i].proc, *w = ct_rget(proc, "waiting");
	static const char *const keys[] = { "threads_seen", "threads_unseen", "life_ns", "cpu_ns",
					    "runqueue_ns", "off_cpu_ns" };
	int python = cJSON_IsObject(ct_rget(proc, "python")) &&
		     ct_rstr(ct_rget(proc, "python"), "version");
	cJSON *o;
	size_t k;

	if (ct_rint(w, "threads_seen") <= 0)
		return NULL;
	o = cJSON_CreateObject();
	ct_add_num(o, "pid", c->img[i].pid);
	ct_add_str(o, "process", ct_rimage_name(proc));
	for (k = 0; k < sizeof(keys) / sizeof(keys[0]); k++)
		ct_add_num(o, keys[k], (double)ct_rint(w, keys[k]));
	ct_add_item(o, "threads", ct_thread_rows(proc, python));
	ct_add_item(o, "summary", ct_rwait_summary(ct_rget(o, "threads"),
							     ct_rint(w, "threads_unseen")));
	return o;
}

cJSON *ct_rsec_wait(const struct ct_rctx *c)
{
	return ct_rsec_images(c, ct_rwait_image,
		"per thread, from its end: CPU = user + system (getrusage RUSAGE_THREAD), "
		"run queue = runnable, not running (schedstat), off-CPU = life - CPU - run queue; "
		"waits = time inside the blocking calls coldtrace times (pthread_join, "
		"condition variables, semaphores, sleeps, poll/select/epoll)");
}

/* The threads' heading: their columns' headers (cols_procs.c). */
static void ct_show_thread_head(FILE *out)
{
	const struct ct_col *col;
	int at;

	fprintf(out, "  %s%-24s", ct_c(CT_C_DIM), "thread");
	for (at = 1; (col = ct_col_at(&ct_cols_threads, CT_CV_TEXT, at)); at++)
		fprintf(out, " %*s", col->width, col->header);
	fprintf(out, "  %s%s\n", "top wait", ct_c(CT_C_OFF));
}

/* A thread's line: "tid name", its text columns, its top wait. */
static void ct_show_thread(FILE *out, const cJSON *t)
{
	char cell[32], wns[32], name[40];
	const cJSON *w = ct_rget(t, "top_wait");
	const struct ct_col *col;
	int at;

	snprintf(name, sizeof(name), "%lld %s", (long long)ct_rint(t, "tid"), ct_rstr(t, "thread"));
	fprintf(out, "  %-24.24s", name);
	for (at = 1; (col = ct_col_at(&ct_cols_threads, CT_CV_TEXT, at)); at++) {
		ct_col_text(cell, sizeof(cell), t, col);
		fprintf(out, " %*s", col->width, cell);
	}
	fprintf(out, "  %s%s%s\n",
		cJSON_IsObject(w) ? ct_fmt_ms(wns, sizeof(wns), ct_rint(w, "ns")) : "",
		cJSON_IsObject(w) ? " in " : "-", cJSON_IsObject(w) ? ct_rstr(w, "what") : "");
}

void ct_rshow_wait(FILE *out, const cJSON *s, const struct ct_rctx *c)
{
	const cJSON *img, *it;
	char note[160], off[32], life[32];
	int n = 0;

	cJSON_ArrayForEach(img, ct_rget(s, "images")) {
		snprintf(note, sizeof(note), "pid %lld %s: %s off the CPU of %s thread life",
			 (long long)ct_rint(img, "pid"), ct_rstr(img, "process"),
			 ct_fmt_ms(off, sizeof(off), ct_rint(img, "off_cpu_ns")),
			 ct_fmt_ms(life, sizeof(life), ct_rint(img, "life_ns")));
		ct_fmt_heading(out, "Waiting", note);
		cJSON_ArrayForEach(it, ct_rget(img, "summary"))
			ct_fmt_wrap(out, 2, it->valuestring);
		ct_show_thread_head(out);
		n = 0;
		cJSON_ArrayForEach(it, ct_rget(img, "threads"))
			if (n++ < c->o->top)
				ct_show_thread(out, it);
		if (n > c->o->top)
			fprintf(out, "  %s... %d more threads (--top)%s\n", ct_c(CT_C_DIM),
				n - c->o->top, ct_c(CT_C_OFF));
	}
}
