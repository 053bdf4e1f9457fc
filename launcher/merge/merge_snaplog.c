/*
 * merge_snaplog.c -- an image's exit snapshot as one text: the sections
 * "\0status\n", "\0cgroup\n", "\0fds\n", "\0smaps\n", each with its text,
 * rebuilt from the SNAP records of its log (common/ct_log.h), or, from a
 * log that has none (written before them), read from <base>.snap, which
 * held the same bytes.
 *
 * Never: a piece kept from before its section's last start (the writer
 * began that section again); a section the log never began made up.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "merge_int.h"

struct ct_snap_text {
	char *s;
	size_t n, cap;
	int seen;               /* the section began */
	int short_of_memory;
};

/* n bytes of s at the end of t (none: t as it is, s may be NULL: a
 * section that began with no text). */
static void ct_snap_append(struct ct_snap_text *t, const char *s, size_t n)
{
	size_t cap = t->cap ? t->cap : 4096;
	char *grown;

	if (!n)
		return;
	while (cap < t->n + n)
		cap *= 2;
	if (cap != t->cap) {
		grown = realloc(t->s, cap);
		if (!grown) {
			t->short_of_memory = 1;
			return;
		}
		t->s = grown;
		t->cap = cap;
	}
	memcpy(t->s + t->n, s, n);
	t->n += n;
}

static void ct_snap_piece(struct ct_snap_text *parts, const struct ct_logrec *ev)
{
	struct ct_snap_text *t;
	const char *s = ev->nstr ? ev->s[0] : "";

	if (ev->rec->a0 < 0 || ev->rec->a0 >= CT_SNAPP_COUNT)
		return;
	t = &parts[ev->rec->a0];
	if (ev->rec->a1) {      /* the section begins (again) */
		t->n = 0;
		t->seen = 1;
	}
	if (t->seen && *s)
		ct_snap_append(t, s, strlen(s));
}

/* The sections that began, in the writer's order, as one text. */
static char *ct_snap_join(struct ct_snap_text *parts, size_t *len)
{
#define CT_SNAP_PART_NAME(id, v, name) name,
	static const char *const names[] = { CT_SNAP_PARTS(CT_SNAP_PART_NAME) };
#undef CT_SNAP_PART_NAME
	struct ct_snap_text all = { 0 };
	int i, any = 0, oom = 0;

	for (i = 0; i < CT_SNAPP_COUNT; i++) {
		oom |= parts[i].short_of_memory;
		if (!parts[i].seen)
			continue;
		any = 1;
		ct_snap_append(&all, "", 1);
		ct_snap_append(&all, names[i], strlen(names[i]));
		ct_snap_append(&all, "\n", 1);
		ct_snap_append(&all, parts[i].s, parts[i].n);
	}
	for (i = 0; i < CT_SNAPP_COUNT; i++)
		free(parts[i].s);
	if (!any || oom || all.short_of_memory) {
		free(all.s);
		return NULL;
	}
	*len = all.n;
	return all.s;
}

/* The SNAP records of log lg into parts; 1 when there was one. */
static int ct_snap_scan(const struct ct_logfile *lg, struct ct_snap_text *parts)
{
	struct ct_logfile_iter it;
	struct ct_logrec ev;
	int any = 0;

	ct_logfile_iter_init(&it, lg);
	it.family = CT_FAM_IMAGE;
	while (ct_logfile_next(&it, &ev))
		if (ev.rec->kind == CT_EV_SNAP) {
			ct_snap_piece(parts, &ev);
			any = 1;
		}
	return any;
}

/* p's log, mapped again for the scan where the merger has unmapped it. */
char *ct_snap_bytes(const struct ct_proc *p, size_t *len)
{
	struct ct_snap_text parts[CT_SNAPP_COUNT] = { { 0 } };
	struct ct_logfile again;
	char path[4200], *snap;
	int from_log = 0;

	*len = 0;
	if (p->log.map)
		from_log = ct_snap_scan(&p->log, parts);
	else if (p->snap_prefix) {
		snprintf(path, sizeof(path), "%s.ctlog", p->snap_prefix);
		if (ct_logfile_open(&again, path) == 0)
			from_log = ct_snap_scan(&again, parts);
		ct_logfile_close(&again);
	}
	snap = ct_snap_join(parts, len);
	if (from_log || !p->snap_prefix)
		return snap;
	snprintf(path, sizeof(path), "%s.snap", p->snap_prefix);
	return ct_read_file(path, len);
}
