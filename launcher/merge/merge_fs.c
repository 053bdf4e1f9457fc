/*
 * merge_fs.c -- an image's dlopen and file-system calls as timed spans (for
 * the time split) and the paths behind its failed lookups and opens
 * (paths{}).
 *
 * A failed call with a path counts against the path's directory (where a
 * search looked in vain); a successful open counts the path itself, apart
 * for a directory.  Keys
 * are copied: log strings do not outlive ct_logfile_close().
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "merge_int.h"

static void ct_span_push(struct ct_spans *s, const struct ct_logrec *ev)
{
	const struct ct_rec *r = ev->rec;

	if (CT_GROW(s->v, s->cap, s->n) < 0)
		return;
	s->v[s->n++] = (struct ct_span){ r->t_ns, r->dur_ns, r->import_id, ev->tid,
					 ct_logrec_failed(ev) };
}

/* The directory part of path ("." without a slash, "/" for the root). */
static void ct_bump_dir(struct ct_map *m, const char *path)
{
	char dir[4096];
	const char *slash = strrchr(path, '/');
	size_t n = !slash ? 0 : slash == path ? 1 : (size_t)(slash - path);

	if (!slash)
		dir[n++] = '.';
	else
		memcpy(dir, path, n < sizeof(dir) ? n : (n = sizeof(dir) - 1));
	dir[n] = '\0';
	ct_count_add(m, dir, 1);
}

/* A directory, by the call: opendir, or an open with O_DIRECTORY (a plain
 * open of a directory cannot be told from the record: it counts as a file). */
static int ct_opened_dir(const struct ct_rec *r)
{
	return r->kind == CT_EV_OPENDIR || (r->kind == CT_EV_OPEN && (r->a1 & O_DIRECTORY));
}

void ct_fs_feed(struct ct_build *b, const struct ct_logrec *ev)
{
	const struct ct_rec *r = ev->rec;
	const char *path = ct_logrec_str(ev, 0);

	if (r->kind == CT_EV_DLOPEN) {
		ct_span_push(&b->dl_spans, ev);
		return;
	}
	if (ct_kind(r->kind)->family != CT_FAM_FILE)
		return;
	ct_span_push(&b->fs_spans, ev);
	if (!path[0])
		return;
	if (r->err)
		ct_bump_dir(&b->fail_dirs, path);
	else if (ct_opened_dir(r))
		ct_count_add(&b->opened_dirs, path, 1);
	else if (ct_kind(r->kind)->fs == CT_FS_OPEN)
		ct_count_add(&b->opened, path, 1);
}

/* [{keyname: key, "count": n}], largest count first, then by key (paths
 * need not be UTF-8, so they are values, never object keys). */
static cJSON *ct_counts_json(const struct ct_map *m, const char *keyname)
{
	const struct ct_count **v = ct_count_sorted(m);
	cJSON *arr = v ? cJSON_CreateArray() : NULL, *o;
	size_t i;

	for (i = 0; arr && i < m->len; i++) {
		o = cJSON_CreateObject();
		if (ct_push_or_drop(arr, o, ct_add_bytes(o, keyname, v[i]->key) ||
					    ct_add_int(o, "count", v[i]->n))) {
			cJSON_Delete(arr);
			arr = NULL;
		}
	}
	free(v);
	return arr;
}

cJSON *ct_paths_json(const struct ct_build *b)
{
	cJSON *o = cJSON_CreateObject();

	if (ct_add_item(o, "failed_lookup_dirs", ct_counts_json(&b->fail_dirs, "dir")) ||
	    ct_add_item(o, "opened", ct_counts_json(&b->opened, "path")) ||
	    ct_add_item(o, "opened_dirs", ct_counts_json(&b->opened_dirs, "path"))) {
		cJSON_Delete(o);
		return NULL;
	}
	return o;
}

void ct_fs_free(struct ct_build *b)
{
	free(b->dl_spans.v);
	free(b->fs_spans.v);
	ct_count_free(&b->fail_dirs);
	ct_count_free(&b->opened);
	ct_count_free(&b->opened_dirs);
	cJSON_Delete(b->time);
}
