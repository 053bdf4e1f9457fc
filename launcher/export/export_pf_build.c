/*
 * export_pf_build.c -- the Perfetto trace's tracks and their life slices
 * from record.json: a process track per pid (named by its exec chain,
 * "procs -> true"), a slice per image on it, a thread track per thread
 * with a slice for its life, an RSS counter where the exit snapshot knows
 * it, and a flow from each fork/spawn (and exec) to the image it made.
 * The rest of an image's work is export_pf_image.c's.
 * Never: two tracks for one (pid, tid); a flow that ends nowhere (a child
 * that left no image gets no flow).
 */
#include <stdlib.h>
#include <string.h>

#include "export.h"
#include "export_pf.h"
#include "lib/fmt.h"
#include "lib/json.h"
#include "lib/vec.h"
#include "report/load.h"

long ct_pf_slice(struct ct_pf *pf, uint64_t track, uint64_t a, uint64_t b, const char *cat,
		 char *name, cJSON *args)
{
	if (!track || !name || CT_GROW(pf->s, pf->caps, pf->ns) < 0) {
		pf->oom = 1;
		free(name);
		cJSON_Delete(args);
		return -1;
	}
	pf->s[pf->ns] = (struct ct_pslice){ track, a, b < a ? a : b, (uint32_t)pf->ns, 0, cat,
					    name, args, 0, 0 };
	return (long)pf->ns++;
}

/* The track of key, made if new; its uuid (index + 1), 0 out of memory. */
static uint64_t ct_pf_track(struct ct_pf *pf, uint64_t key, char kind, uint32_t pid,
			    uint32_t tid, const char *name)
{
	uintptr_t i = (uintptr_t)ct_map_get(&pf->tracks, key);

	if (i)
		return i;
	if (CT_GROW(pf->tr, pf->captr, pf->ntr) < 0 ||
	    ct_map_put(&pf->tracks, key, (void *)(uintptr_t)(pf->ntr + 1)) < 0) {
		pf->oom = 1;
		return 0;
	}
	pf->tr[pf->ntr] = (struct ct_ptrack){ pf->ntr + 1, 0, kind, pid, tid, strdup(name), NULL };
	pf->oom |= !pf->tr[pf->ntr].name;
	return ++pf->ntr;
}

uint64_t ct_pf_thread_track(struct ct_pf *pf, uint32_t pid, uint32_t tid, const char *name)
{
	uint64_t u = ct_pf_track(pf, (uint64_t)pid << 32 | tid, 't', pid, tid, name);

	if (u)
		pf->tr[u - 1].parent = ct_pf_track(pf, (uint64_t)pid << 32, 'p', pid, 0, "");
	return u;
}

/* The pid's process track; an exec's image adds its name to the chain. */
static uint64_t ct_pf_process(struct ct_pf *pf, const cJSON *proc, uint32_t pid)
{
	uint64_t u = ct_pf_track(pf, (uint64_t)pid << 32, 'p', pid, 0, "");
	struct ct_ptrack *t = u ? &pf->tr[u - 1] : NULL;
	const char *name = ct_rimage_name(proc);
	size_t n;
	char *s;

	if (!t)
		return 0;
	n = strlen(t->name) + strlen(name) + 5;
	s = malloc(n);
	if (!s)
		return pf->oom = 1, u;
	snprintf(s, n, "%s%s%s", t->name, *t->name ? " -> " : "", name);
	free(t->name);
	t->name = s;
	if (!t->argv)
		t->argv = ct_rget(proc, "argv");
	return u;
}

/* A fork/spawn child's, or an exec's, instant that starts a flow. */
static void ct_pf_flow_from(struct ct_pf *pf, uint64_t track, uint64_t ts, const char *what,
			    uint32_t pid, int exec)
{
	char name[64];
	long i;

	snprintf(name, sizeof(name), "%s %u", what, pid);
	i = ct_pf_slice(pf, track, ts, ts, "process", strdup(name), NULL);
	if (i < 0 || CT_GROW(pf->fl, pf->capfl, pf->nfl) < 0)
		return;
	pf->s[i].instant = 1;
	pf->s[i].flow_out = ++pf->next_flow;
	pf->fl[pf->nfl++] = (struct ct_pflow){ pid, exec, pf->next_flow };
}

/* The flow that ends at this image's start, 0 none (taken once). */
static uint64_t ct_pf_flow_to(struct ct_pf *pf, uint32_t pid, int exec)
{
	uint64_t id;
	size_t i;

	for (i = 0; i < pf->nfl; i++)
		if (pf->fl[i].id && pf->fl[i].pid == pid && pf->fl[i].exec == exec) {
			id = pf->fl[i].id;
			pf->fl[i].id = 0;
			return id;
		}
	return 0;
}

static void ct_pf_flows_out(struct ct_pf *pf, const cJSON *proc, uint64_t ptrack, uint32_t pid)
{
	const cJSON *o;

	cJSON_ArrayForEach(o, ct_rget(proc, "children"))
		if (ct_rint(o, "pid") > 0 && ct_rint(o, "t_ns") >= 0)
			ct_pf_flow_from(pf, ptrack, (uint64_t)ct_rint(o, "t_ns"), ct_rstr(o, "how") ?
					ct_rstr(o, "how") : "child", (uint32_t)ct_rint(o, "pid"), 0);
	cJSON_ArrayForEach(o, ct_rget(proc, "execs"))
		if (cJSON_IsTrue(ct_rget(o, "traced")) && ct_rint(o, "t_ns") >= 0)
			ct_pf_flow_from(pf, ptrack, (uint64_t)ct_rint(o, "t_ns"), "exec", pid, 1);
}

static cJSON *ct_pf_image_args(const cJSON *proc)
{
	const cJSON *x = ct_rget(proc, "exit");
	cJSON *a = cJSON_CreateObject();
	char cmd[2048];

	ct_rjoin_argv(ct_rget(proc, "argv"), cmd, sizeof(cmd));
	ct_add_str(a, "argv", cmd);
	ct_add_str(a, "log", ct_rstr(proc, "log"));
	if (ct_rstr(x, "how"))
		ct_add_str(a, "exit", ct_rstr(x, "how"));
	if (ct_rint(x, "status") >= 0)
		ct_add_int(a, "exit_status", ct_rint(x, "status"));
	if (ct_rint(x, "signal") >= 0)
		ct_add_int(a, "signal", ct_rint(x, "signal"));
	return a;
}

/* Thread lives: a thread without an end lasted to the image's end. */
static void ct_pf_threads(struct ct_pf *pf, const cJSON *proc, uint32_t pid, uint64_t end)
{
	const cJSON *th;
	char name[300];
	int64_t tid, a, b;
	uint64_t u;

	cJSON_ArrayForEach(th, ct_rget(proc, "threads")) {
		tid = ct_rint(th, "tid");
		a = ct_rint(th, "start_ns");
		b = ct_rint(th, "end_ns");
		if (tid <= 0 || tid > UINT32_MAX || a < 0)
			continue;
		ct_export_thread_label(th, pid, name, sizeof(name));
		u = ct_pf_thread_track(pf, pid, (uint32_t)tid, name);
		if (u && !*pf->tr[u - 1].name) {   /* made earlier, unnamed */
			free(pf->tr[u - 1].name);
			pf->tr[u - 1].name = strdup(name);
		}
		ct_pf_slice(pf, u, (uint64_t)a, b >= a ? (uint64_t)b : end, "thread", strdup(name),
			    NULL);
	}
}

/* RSS at the image's end (the exit snapshot's VmRSS), on the pid's counter. */
static void ct_pf_rss(struct ct_pf *pf, const cJSON *proc, uint32_t pid, uint64_t end)
{
	int64_t kb = ct_rint(ct_rpath(proc, "proc.status"), "VmRSS_kb");
	uint64_t u;

	if (kb < 0)
		return;
	u = ct_pf_track(pf, (uint64_t)pid << 32 | 0xffffffffu, 'c', pid, 0, "RSS (bytes)");
	if (!u || CT_GROW(pf->c, pf->capc, pf->nc) < 0) {
		pf->oom = 1;
		return;
	}
	pf->tr[u - 1].parent = ct_pf_track(pf, (uint64_t)pid << 32, 'p', pid, 0, "");
	pf->c[pf->nc++] = (struct ct_pcount){ u, end, kb * 1024 };
}

static void ct_pf_image(struct ct_pf *pf, const cJSON *proc)
{
	int64_t pid = ct_rint(proc, "pid"), a = ct_rint(proc, "start_ns"), b = ct_rint(proc, "end_ns");
	uint64_t u, end;
	char name[320];
	long i;

	if (pid <= 0 || pid > UINT32_MAX || a < 0)
		return;
	end = b >= a ? (uint64_t)b : (uint64_t)a;
	u = ct_pf_process(pf, proc, (uint32_t)pid);
	snprintf(name, sizeof(name), "%s (%u)", ct_rimage_name(proc), (uint32_t)pid);
	i = ct_pf_slice(pf, u, (uint64_t)a, end, "process", strdup(name), ct_pf_image_args(proc));
	if (i >= 0)
		pf->s[i].flow_in = ct_pf_flow_to(pf, (uint32_t)pid, ct_rstr(proc, "exec_of") != NULL);
	ct_pf_flows_out(pf, proc, u, (uint32_t)pid);
	ct_pf_threads(pf, proc, (uint32_t)pid, end);
	ct_pf_rss(pf, proc, (uint32_t)pid, end);
	ct_pf_image_work(pf, proc, u);
}

int ct_pf_build(struct ct_pf *pf, const cJSON *rec)
{
	const cJSON *p;

	cJSON_ArrayForEach(p, ct_rget(rec, "processes"))
		ct_pf_image(pf, p);
	return pf->oom ? -1 : 0;
}

void ct_pf_free(struct ct_pf *pf)
{
	size_t i;

	for (i = 0; i < pf->ns; i++) {
		free(pf->s[i].name);
		cJSON_Delete(pf->s[i].args);
	}
	for (i = 0; i < pf->ntr; i++)
		free(pf->tr[i].name);
	free(pf->s);
	free(pf->tr);
	free(pf->c);
	free(pf->fl);
	ct_map_free(&pf->tracks);
	memset(pf, 0, sizeof(*pf));
}
