/*
 * report_count.c -- how many processes and programs a run had, counted
 * one way for the report, the diff and the series (report/load.h).
 *
 * A program exec'd without a log (static, setuid, ...) ran: it is a
 * program (an image) and, when a vfork or fork made it, a process, though
 * it has no entry of its own in processes[].  Never: a pid counted twice,
 * or an untraced program left out of a count.
 */
#include <stdlib.h>
#include <string.h>

#include "lib/vec.h"
#include "load.h"

/* The (pid namespace, pid) of every image and child: a child whose pid is
 * there has an image.  forked: the fork t_ns of every namespace's init,
 * whose parent lists it under another pid. */
struct ct_pids {
	struct ct_pid_key {
		int64_t ns, pid;
	} *v;
	size_t n, cap;
	int64_t *forked;
	size_t nforked, forked_cap;
};

/* Adds pid unless it is there or unknown (system's shell: its image has
 * it); 1 when added. */
static int ct_pid_add(struct ct_pids *p, int64_t ns, int64_t pid)
{
	size_t i;

	for (i = 0; i < p->n; i++)
		if (p->v[i].ns == ns && p->v[i].pid == pid)
			return 0;
	if (pid <= 0 || CT_GROW(p->v, p->cap, p->n) < 0)
		return 0;
	p->v[p->n++] = (struct ct_pid_key){ ns, pid };
	return 1;
}

/* A child entry that a namespace's init image stands for. */
static int ct_pid_forked(const struct ct_pids *p, int64_t t_ns)
{
	for (size_t i = 0; i < p->nforked; i++)
		if (p->forked[i] == t_ns)
			return 1;
	return 0;
}

const cJSON *ct_runtraced(const cJSON *p)
{
	const cJSON *e, *last = NULL;

	cJSON_ArrayForEach(e, ct_rget(p, "execs"))
		last = e;
	return cJSON_IsFalse(ct_rget(last, "traced")) ? last : NULL;
}

void ct_rcount(const struct ct_rctx *c, struct ct_rcounts *n)
{
	const cJSON *ch;
	struct ct_pids pids = { 0 };
	size_t i;

	memset(n, 0, sizeof(*n));
	for (i = 0; i < c->nimg; i++) {
		int64_t t = ct_rint(c->img[i].proc, "forked_at_ns");

		if (t > 0 && CT_GROW(pids.forked, pids.forked_cap, pids.nforked) == 0)
			pids.forked[pids.nforked++] = t;
	}
	for (i = 0; i < c->nimg; i++) {
		int64_t ns = ct_rint(c->img[i].proc, "pidns");

		n->threads += cJSON_GetArraySize(ct_rget(c->img[i].proc, "threads"));
		n->untraced += ct_runtraced(c->img[i].proc) != NULL;
		ct_pid_add(&pids, ns, c->img[i].pid);
		n->processes += !ct_rstr(c->img[i].proc, "exec_of");
	}
	for (i = 0; i < c->nimg; i++) {
		int64_t ns = ct_rint(c->img[i].proc, "pidns");

		cJSON_ArrayForEach(ch, ct_rget(c->img[i].proc, "children")) {
			n->untraced += ct_runtraced(ch) != NULL;
			if (!ct_pid_forked(&pids, ct_rint(ch, "t_ns")))
				n->processes += ct_pid_add(&pids, ns, ct_rint(ch, "pid"));
		}
	}
	free(pids.v);
	free(pids.forked);
	n->images = (int64_t)c->nimg + n->untraced;
}
