/*
 * audit.h -- what the audit library's files share: the log line writer,
 * the thread's cost counters, and the initialiser wrapping (audit_init.c).
 * Never: a symbol exported beyond the la_* callbacks (all hidden).
 */
#ifndef CT_AUDIT_H
#define CT_AUDIT_H

#include <link.h>
#include <stdint.h>

#define CT_AUDIT_HIDDEN __attribute__((visibility("hidden")))

/* The calling thread's counters at one moment (audit_cost.c). */
struct ct_cost {
	uint64_t t_ns;          /* CLOCK_MONOTONIC */
	uint64_t cpu_ns;        /* CLOCK_THREAD_CPUTIME_ID */
	uint64_t minflt, majflt;
	uint64_t read_bytes;    /* /proc/thread-self/io read_bytes; 0 unreadable */
};

CT_AUDIT_HIDDEN void ct_cost_now(struct ct_cost *c);
CT_AUDIT_HIDDEN void ct_cost_sub(struct ct_cost *acc, const struct ct_cost *a,
				 const struct ct_cost *b);   /* acc += a - b */
CT_AUDIT_HIDDEN int ct_tid(void);

CT_AUDIT_HIDDEN void ct_line(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* audit_init.c: a load operation's first event (a search or a mapping),
 * its "consistent" activity, and an object to wrap at la_objopen. */
CT_AUDIT_HIDDEN void ct_op_event(void);
CT_AUDIT_HIDDEN void ct_op_consistent(void);
CT_AUDIT_HIDDEN void ct_init_wrap(struct link_map *map, uintptr_t id);

#endif
