/*
 * series_run.c -- `ct-launch -n N [--warmup K] [--cache MODE] -- CMD`:
 * the runs of a series, the page cache between them, series.json.
 *
 * Every counted run is a complete single run (run/'s ct_run_once) in
 * SERIES/001, SERIES/002, ...; warm-up runs go to SERIES/warmup and are
 * deleted.  A cold run is preceded by evicting what the run before it
 * (counted or warm-up) touched, so cold and both modes always start with
 * one warm-up.  Never: a series that stops without series.json once its
 * directory exists, or an exit status other than the first failing run's
 * (130 / 128+N after a signal, the launcher's own 125 / 2).
 */
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmds.h"
#include "lib/clock.h"
#include "lib/msg.h"
#include "lib/vec.h"
#include "series.h"

static int ct_rm_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)ftw;
	return flag == FTW_DP ? rmdir(path) : unlink(path);
}

/* Removes a warm-up run directory the series made. */
static void ct_rm_tree(const char *dir)
{
	if (nftw(dir, ct_rm_entry, 16, FTW_DEPTH | FTW_PHYS) < 0)
		ct_warn("cannot remove the warm-up run '%s' (nftw): %m", dir);
}

/* The mode's defaults: --cache warm for -n above 1, one warm-up for
 * warm, and at least one for cold/both (it learns what to evict). */
static void ct_series_modes(struct ct_series *s)
{
	s->cache = s->o.cache != CT_CACHE_DEFAULT ? s->o.cache :
		   s->o.repeat > 1 ? CT_CACHE_WARM : CT_CACHE_ASIS;
	s->warmup = s->o.warmup >= 0 ? s->o.warmup : s->cache == CT_CACHE_ASIS ? 0 : 1;
	if ((s->cache == CT_CACHE_COLD || s->cache == CT_CACHE_BOTH) && s->warmup == 0)
		s->warmup = 1;
	if (s->o.drop_caches && geteuid() != 0) {
		ct_warn("--drop-caches needs root: only posix_fadvise evicts");
		s->o.drop_caches = 0;
	}
}

/* The eviction set: what the previous run (in dir) touched. */
static void ct_series_learn(struct ct_series *s, struct ct_evset *set, const char *dir)
{
	ct_evset_free(set);
	if (ct_evset_from_run(set, dir, s->dir) < 0)
		ct_warn("cannot read what '%s' touched: the next cold run may be warm", dir);
}

static int ct_series_warmups(struct ct_series *s, struct ct_evset *set)
{
	struct ct_run_opts o = s->o;
	char dir[4200];
	int i;

	o.quiet = 1;
	snprintf(dir, sizeof(dir), "%s/warmup", s->dir);
	for (i = 0; i < s->warmup; i++) {
		ct_msg("warm-up run %d/%d (not counted, not kept)", i + 1, s->warmup);
		ct_run_once(&o, s->mode, dir);
		if (i + 1 == s->warmup)
			ct_series_learn(s, set, dir);
		ct_rm_tree(dir);
		if ((s->interrupted = ct_run_interrupted()))
			return -1;
	}
	return 0;
}

static const char *ct_group_of(const struct ct_series *s, size_t k)
{
	switch (s->cache) {
	case CT_CACHE_COLD: return "cold";
	case CT_CACHE_WARM: return "warm";
	case CT_CACHE_BOTH: return k % 2 ? "warm" : "cold";
	default:            return "asis";
	}
}

static void ct_series_say(const struct ct_srun *r, size_t total)
{
	if (r->evicted)
		ct_msg("run %d/%zu (%s): status %d; evicted %lld files, %.1f MiB", r->index, total,
		       r->group, r->status, (long long)r->ev.files, (double)r->ev.bytes / 1048576);
	else
		ct_msg("run %d/%zu (%s): status %d", r->index, total, r->group, r->status);
}

/* One counted run; 1 when the series must stop after it. */
static int ct_series_one(struct ct_series *s, struct ct_evset *set, size_t total)
{
	struct ct_srun *r = &s->run[s->nrun];
	char dir[4200];
	int64_t t0 = ct_mono_ns();

	memset(r, 0, sizeof(*r));
	r->index = (int)s->nrun + 1;
	r->group = ct_group_of(s, s->nrun);
	if (!strcmp(r->group, "cold")) {
		ct_evict_files(set, s->o.drop_caches, &r->ev);
		r->evicted = 1;
	}
	snprintf(dir, sizeof(dir), "%s/%03d", s->dir, r->index);
	s->between_ns += ct_mono_ns() - t0;
	r->status = ct_run_once(&s->o, s->mode, dir);
	t0 = ct_mono_ns();
	r->interrupted = (s->interrupted = ct_run_interrupted()) != 0;
	s->nrun++;
	ct_series_say(r, total);
	if (r->status && !s->status)
		s->status = r->status;
	if (!strcmp(ct_group_of(s, s->nrun), "cold"))   /* the next run needs the set */
		ct_series_learn(s, set, dir);
	s->between_ns += ct_mono_ns() - t0;
	return r->interrupted || (r->status && s->o.fail_fast) ||
	       r->status == CT_STATUS_TOOL || r->status == CT_STATUS_USAGE;
}

static int ct_series_go(struct ct_series *s)
{
	size_t total = (size_t)s->o.repeat * (s->cache == CT_CACHE_BOTH ? 2 : 1);
	struct ct_evset set = { 0 };
	int64_t t0 = ct_mono_ns();

	s->run = calloc(total, sizeof(*s->run));
	if (!s->run) {
		ct_msg("cannot run the series: out of memory");
		return CT_STATUS_TOOL;
	}
	s->started_unix_ms = ct_unix_ms();
	if (ct_series_warmups(s, &set) == 0)
		while (s->nrun < total && !ct_series_one(s, &set, total))
			;
	ct_evset_free(&set);
	s->wall_ns = ct_mono_ns() - t0;
	if (s->interrupted)
		s->status = 128 + s->interrupted;
	if (ct_series_write(s) < 0 && !s->status)
		s->status = CT_STATUS_TOOL;
	if (!s->o.quiet)
		ct_series_report(s->dir, 0, 5, stderr);
	ct_msg("series directory: %s", s->dir);
	return s->status;
}

int ct_series_run(const struct ct_run_opts *o, const char *mode)
{
	struct ct_series *s = calloc(1, sizeof(*s));
	int rc;

	if (!s) {
		ct_msg("cannot run the series: out of memory");
		return CT_STATUS_TOOL;
	}
	s->o = *o;
	s->mode = mode;
	ct_series_modes(s);
	rc = ct_run_opts_label(o, s->label, sizeof(s->label));
	if (rc < 0)
		rc = ct_run_dir_create(o->runs_dir, s->label, ct_unix_ms(), s->dir,
				       sizeof(s->dir)) < 0 ? CT_STATUS_TOOL : ct_series_go(s);
	free(s->run);
	free(s);
	return rc;
}
