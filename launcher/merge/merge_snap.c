/*
 * merge_snap.c -- the /proc snapshot a process copied at its exit: its
 * sections "\0status\n", "\0cgroup\n", "\0fds\n", "\0smaps\n" as
 * ct_snap_bytes gives them (preload/snapshot.c); run directories from
 * before those hold the same as four files, <base>.status, .cgroup, .fds,
 * .smaps.
 *
 * smaps is read once, line by line, and grouped per file; only Size and Rss
 * are summed.  Never: a value taken from a line that was cut short; a
 * missing file turned into zeros (the view is null instead).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "merge_int.h"

#define CT_DELETED " (deleted)"
#define CT_DELETED_LEN (sizeof(CT_DELETED) - 1)

static const char *const ct_status_fields[] = {
	"VmPeak", "VmSize", "VmHWM", "VmRSS", "RssAnon", "RssFile", "RssShmem",
	"VmData", "VmLib", "VmSwap",
};

/* The section name of snap (len bytes), copied; NULL when it has none. */
static char *ct_snap_section(const char *snap, size_t len, const char *name)
{
	const char *p = snap, *end = snap + len, *body, *stop;
	size_t n = strlen(name);

	while (p && p < end) {
		body = p + 1 + n;
		stop = memchr(p + 1, '\0', (size_t)(end - p - 1));
		if (!stop)
			stop = end;
		if (body < stop && !memcmp(p + 1, name, n) && *body == '\n')
			return strndup(body + 1, (size_t)(stop - body - 1));
		p = stop;
	}
	return NULL;
}

char *ct_snap_read(const char *prefix, const char *snap, size_t len, const char *ext)
{
	char path[4200];

	if (snap)
		return ct_snap_section(snap, len, ext);
	snprintf(path, sizeof(path), "%s.%s", prefix, ext);
	return ct_read_file(path, NULL);
}

struct ct_snap_map *ct_snap_find(const struct ct_snap *s, const char *path)
{
	uintptr_t idx = path ? (uintptr_t)ct_map_sget(&s->by_path, path) : 0;

	return idx ? &s->maps[idx - 1] : NULL;
}

static struct ct_snap_map *ct_snap_group(struct ct_snap *s, const char *path, size_t len)
{
	struct ct_snap_map *m;
	char *p = strndup(path, len);

	if (!p)
		return NULL;
	m = ct_snap_find(s, p);
	if (m) {
		free(p);
		return m;
	}
	if (CT_GROW(s->maps, s->cap, s->nmaps) < 0) {
		free(p);
		return NULL;
	}
	m = &s->maps[s->nmaps];
	*m = (struct ct_snap_map){ .path = p };
	if (ct_map_sput(&s->by_path, p, (void *)(uintptr_t)(s->nmaps + 1)) < 0) {
		free(p);
		return NULL;
	}
	s->nmaps++;
	return m;
}

/* "start-end perms offset dev inode   path": the group of a file mapping,
 * NULL for anonymous and [pseudo] ones; the range's size is added to it
 * (the shim's snapshot writes no Size line, and smaps' says the same). */
static struct ct_snap_map *ct_smaps_header(struct ct_snap *s, const char *line,
					   const char *eol)
{
	const char *p = line;
	char *end;
	unsigned long long start = strtoull(line, &end, 16), stop;
	struct ct_snap_map *m;
	int field;

	for (field = 0; field < 5; field++) {
		while (p < eol && *p != ' ')
			p++;
		while (p < eol && *p == ' ')
			p++;
	}
	if (p >= eol || *p != '/')
		return NULL;
	/* a file replaced or removed since it was mapped: group under its name */
	if ((size_t)(eol - p) > CT_DELETED_LEN &&
	    !memcmp(eol - CT_DELETED_LEN, CT_DELETED, CT_DELETED_LEN))
		eol -= CT_DELETED_LEN;
	m = ct_snap_group(s, p, (size_t)(eol - p));
	stop = *end == '-' ? strtoull(end + 1, NULL, 16) : start;
	if (m && stop > start)
		m->size_kb += (int64_t)((stop - start) / 1024);
	return m;
}

static void ct_smaps_field(struct ct_snap_map *m, const char *line)
{
	if (m && !strncmp(line, "Rss:", 4))
		m->rss_kb += strtoll(line + 4, NULL, 10);
}

int ct_smaps_is_header(char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
}

static void ct_smaps_parse(struct ct_snap *s, const char *text)
{
	struct ct_snap_map *cur = NULL;
	const char *line = text, *eol;

	for (; *line; line = eol + 1) {
		eol = strchr(line, '\n');
		if (!eol)
			break;     /* a cut-off last line carries no whole value */
		if (ct_smaps_is_header(*line))
			cur = ct_smaps_header(s, line, eol);
		else
			ct_smaps_field(cur, line);
	}
}

/* The unified hierarchy's path ("0::/user.slice/..."), else the first line. */
static char *ct_cgroup_path(const char *text)
{
	const char *p = strstr(text, "0::"), *e;

	if (p && (p == text || p[-1] == '\n'))
		p += 3;
	else
		p = text;
	e = strchr(p, '\n');
	return strndup(p, e ? (size_t)(e - p) : strlen(p));
}

/* An image whose EXIT record says it took no snapshot (it lived under
 * CT_SNAP_MIN_MS, a seccomp filter was in): nothing to look for, in its log or in
 * the files of older runs. */
static int ct_snap_none(const struct ct_proc *p)
{
	return p->has_exit && p->exit_snap != CT_SNAP_TAKEN;
}

void ct_snap_load(struct ct_snap *s, const struct ct_proc *p)
{
	const char *prefix = p->snap_prefix;
	char *snap, *smaps, *cg;
	size_t len = 0;

	memset(s, 0, sizeof(*s));
	if (ct_snap_none(p))
		return;
	snap = ct_snap_bytes(p, &len);
	s->status = ct_snap_read(prefix, snap, len, "status");
	if (s->status) {
		s->present = 1;
		smaps = ct_snap_read(prefix, snap, len, "smaps");
		if (smaps)
			ct_smaps_parse(s, smaps);
		free(smaps);
		cg = ct_snap_read(prefix, snap, len, "cgroup");
		if (cg && *cg)
			s->cgroup = ct_cgroup_path(cg);
		free(cg);
		s->fds = ct_snap_read(prefix, snap, len, "fds");
	}
	free(snap);
}

int64_t ct_snap_status_kb(const struct ct_snap *s, const char *field)
{
	size_t n = strlen(field);
	const char *p = s->status;

	while (p) {
		if (!strncmp(p, field, n) && p[n] == ':')
			return strtoll(p + n + 1, NULL, 10);
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	return -1;
}

static cJSON *ct_status_json(const struct ct_snap *s)
{
	cJSON *o = cJSON_CreateObject();
	char key[32];
	int64_t v;
	size_t i;
	int bad = 0;

	for (i = 0; i < sizeof(ct_status_fields) / sizeof(ct_status_fields[0]); i++) {
		v = ct_snap_status_kb(s, ct_status_fields[i]);
		snprintf(key, sizeof(key), "%s_kb", ct_status_fields[i]);
		bad |= ct_add_int_or_null(o, key, v, v >= 0);
	}
	v = ct_snap_status_kb(s, "Threads");
	bad |= ct_add_int_or_null(o, "Threads", v, v >= 0);
	if (bad) {
		cJSON_Delete(o);
		return NULL;
	}
	return o;
}

static cJSON *ct_maps_json(const struct ct_snap *s)
{
	cJSON *arr = cJSON_CreateArray(), *o;
	size_t i;

	for (i = 0; arr && i < s->nmaps; i++) {
		o = cJSON_CreateObject();
		if (ct_push_or_drop(arr, o,
				    ct_add_str(o, "path", s->maps[i].path) ||
				    ct_add_int(o, "size_kb", s->maps[i].size_kb) ||
				    ct_add_int(o, "rss_kb", s->maps[i].rss_kb))) {
			cJSON_Delete(arr);
			return NULL;
		}
	}
	return arr;
}

/* Lines "<fd> <target>" as the shim wrote them. */
static cJSON *ct_fds_json(const char *text)
{
	cJSON *arr = cJSON_CreateArray(), *o;
	const char *line = text, *eol, *sp;
	char *target;

	for (; arr && line && *line; line = eol ? eol + 1 : NULL) {
		eol = strchr(line, '\n');
		sp = strchr(line, ' ');
		if (!eol || !sp || sp > eol)
			continue;
		target = strndup(sp + 1, (size_t)(eol - sp - 1));
		if (!target) {
			cJSON_Delete(arr);
			return NULL;
		}
		o = cJSON_CreateObject();
		if (ct_push_or_drop(arr, o,
				    ct_add_int(o, "fd", strtoll(line, NULL, 10)) ||
				    ct_add_str(o, "target", target))) {
			free(target);
			cJSON_Delete(arr);
			return NULL;
		}
		free(target);
	}
	return arr;
}

cJSON *ct_snap_json(const struct ct_snap *s)
{
	cJSON *o;

	if (!s->present)
		return cJSON_CreateNull();
	o = cJSON_CreateObject();
	if (ct_add_item(o, "status", ct_status_json(s)) || ct_add_item(o, "maps", ct_maps_json(s)) ||
	    ct_add_item(o, "fds", s->fds ? ct_fds_json(s->fds) : cJSON_CreateNull()) ||
	    ct_add_str(o, "cgroup", s->cgroup)) {
		cJSON_Delete(o);
		return NULL;
	}
	return o;
}

void ct_snap_free(struct ct_snap *s)
{
	size_t i;

	for (i = 0; i < s->nmaps; i++)
		free(s->maps[i].path);
	free(s->maps);
	free(s->status);
	free(s->cgroup);
	free(s->fds);
	ct_map_free(&s->by_path);
	memset(s, 0, sizeof(*s));
}
