/*
 * report_scan.c -- what the report needs from the raw event logs: timed
 * dlopen and file-system calls (for the time split) and the paths behind
 * failed lookups and opens (for the file-system shape).
 *
 * A missing or damaged log is not an error: the image keeps have_log = 0
 * (or the records that could be read) and the sections say so.  Never: a
 * pointer into a log's mapping kept after ct_log_close().
 */
#include <stdlib.h>
#include <string.h>

#include "lib/ctlog_read.h"
#include "report.h"

static int ct_is_fs(int kind)
{
	return ct_kind(kind)->family == CT_FAM_FILE;
}

static int ct_is_open(int kind)
{
	return ct_kind(kind)->fs == CT_FS_OPEN;
}

static int ct_span_push(struct ct_rspan **v, size_t *n, const struct ct_rec *r)
{
	struct ct_rspan *nv;

	/* capacity: 64, then doubled whenever n reaches a power of two */
	if (*n == 0 || (*n >= 64 && (*n & (*n - 1)) == 0)) {
		nv = realloc(*v, (*n ? *n * 2 : 64) * sizeof(**v));
		if (!nv)
			return -1;
		*v = nv;
	}
	(*v)[*n].t_ns = r->t_ns;
	(*v)[*n].dur_ns = r->dur_ns;
	(*v)[(*n)++].import_id = r->import_id;
	return 0;
}

static void ct_bump_dir(struct ct_map *m, const char *path)
{
	char dir[4096];
	const char *slash = strrchr(path, '/');

	if (!slash)
		snprintf(dir, sizeof(dir), ".");
	else if (slash == path)
		snprintf(dir, sizeof(dir), "/");
	else
		snprintf(dir, sizeof(dir), "%.*s", (int)(slash - path), path);
	ct_rmap_add(m, dir, 1);
}

static void ct_scan_ev(struct ct_rimage *im, const struct ct_ev *ev)
{
	const struct ct_rec *r = ev->rec;
	const char *path = ct_ev_str(ev, 0);

	if (r->kind == CT_EV_DLOPEN) {
		ct_span_push(&im->dl, &im->ndl, r);
		return;
	}
	if (!ct_is_fs(r->kind))
		return;
	ct_span_push(&im->fs, &im->nfs, r);
	if (!path[0])
		return;
	if (r->err)
		ct_bump_dir(&im->fail_dirs, path);
	else if (ct_is_open(r->kind))
		ct_rmap_add(&im->opened, path, 1);
}

static void ct_scan_image(const char *dir, struct ct_rimage *im)
{
	const char *log = ct_rstr(im->proc, "log");
	char path[4400];
	struct ct_log lg;
	struct ct_log_iter it;
	struct ct_ev ev;

	if (!log || strchr(log, '/'))
		return;
	snprintf(path, sizeof(path), "%s/%s", dir, log);
	if (ct_log_open(&lg, path) == 0) {
		im->have_log = 1;
		ct_log_iter_init(&it, &lg);
		while (ct_log_next(&it, &ev))
			ct_scan_ev(im, &ev);
	}
	ct_log_close(&lg);
}

void ct_report_scan(struct ct_rctx *c)
{
	size_t i;

	for (i = 0; i < c->nimg; i++)
		ct_scan_image(c->dir, &c->img[i]);
}
