/*
 * diff_load.c -- one side of a diff: a record.json, a run directory, or a
 * series directory (its numbered runs 001/, 002/, ... each with a
 * record.json; series.json, when there, names each run's group: cold,
 * warm or asis), and which of its runs is the median one.  A side's runs
 * are kept by group (cold, warm, asis, none), each group in run order,
 * so that a group is a range of runs.
 *
 * Never: a half-loaded side compared.  A missing path, a file that is not
 * a record, a directory that is neither a run nor a series is one
 * "coldtrace: ..." line and status 2 (the report's loader says which).
 */
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cmds.h"
#include "lib/fmt.h"
#include "lib/msg.h"
#include "lib/readfile.h"
#include "lib/vec.h"
#include "diff.h"

static const struct ct_ropts ct_dload_opts;

static int ct_is_file(const char *dir, const char *name)
{
	char path[4400];
	struct stat st;

	if (snprintf(path, sizeof(path), "%s/%s", dir, name) >= (int)sizeof(path))
		return 0;
	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* A series' run: a name of digits only. */
static int ct_is_run_name(const struct dirent *d)
{
	return d->d_name[0] && strspn(d->d_name, "0123456789") == strlen(d->d_name);
}

static int ct_load_one(struct ct_dside *s, size_t *cap, const char *path)
{
	if (CT_GROW(s->run, *cap, s->n) < 0) {
		ct_msg("cannot load '%s': out of memory", path);
		return CT_STATUS_USAGE;
	}
	memset(&s->run[s->n], 0, sizeof(s->run[0]));
	s->run[s->n].o = &ct_dload_opts;
	if (ct_report_load(&s->run[s->n], path)) {
		ct_report_free(&s->run[s->n]);
		return CT_STATUS_USAGE;
	}
	s->n++;
	return 0;
}

static const char *const ct_dgroup_order[] = { "cold", "warm", "asis" };

/* The group's place in ct_dgroup_order (3: none). */
static size_t ct_dgroup_rank(const char *g)
{
	size_t i;

	for (i = 0; g && i < 3; i++)
		if (!strcmp(g, ct_dgroup_order[i]))
			return i;
	return 3;
}

/* Each run's group from series.json's runs[] ({"dir", "group"}), when
 * the file is there and readable; a run it does not name has none. */
static void ct_load_groups(struct ct_dside *s, const char *dir)
{
	char path[4400], *text;
	const cJSON *row;
	cJSON *ser;
	size_t i, rank;

	snprintf(path, sizeof(path), "%s/series.json", dir);
	if (!(text = ct_read_file(path, NULL)))
		return;
	ser = cJSON_ParseWithOpts(text, NULL, 1);
	free(text);
	for (i = 0; i < s->n; i++)
		cJSON_ArrayForEach(row, ct_rget(ser, "runs"))
			if (ct_dstreq(ct_rstr(row, "dir"), ct_fmt_base(s->run[i].dir)) &&
			    (rank = ct_dgroup_rank(ct_rstr(row, "group"))) < 3)
				s->group[i] = ct_dgroup_order[rank];
	cJSON_Delete(ser);
}

/* Stable: by group, then as loaded (run order). */
static void ct_sort_groups(struct ct_dside *s)
{
	struct ct_rctx t;
	const char *g;
	size_t i, j;

	for (i = 1; i < s->n; i++)
		for (j = i; j > 0 && ct_dgroup_rank(s->group[j - 1]) > ct_dgroup_rank(s->group[j]);
		     j--) {
			t = s->run[j];
			s->run[j] = s->run[j - 1];
			s->run[j - 1] = t;
			g = s->group[j];
			s->group[j] = s->group[j - 1];
			s->group[j - 1] = g;
		}
}

static int ct_load_series(struct ct_dside *s, size_t *cap, const char *dir)
{
	struct dirent **names = NULL;
	char path[4400];
	int i, k, rc = 0;

	k = scandir(dir, &names, ct_is_run_name, alphasort);
	if (k < 0) {
		ct_msg("cannot read '%s' (scandir): %s", dir, strerror(errno));
		return CT_STATUS_USAGE;
	}
	for (i = 0; i < k; i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, names[i]->d_name);
		if (!rc && ct_is_file(path, "record.json"))
			rc = ct_load_one(s, cap, path);
		free(names[i]);
	}
	free(names);
	if (!rc && !s->n) {
		ct_msg("'%s' is neither a run (no record.json) nor a series (no 001/record.json)",
		       dir);
		rc = CT_STATUS_USAGE;
	}
	s->series = 1;
	return rc;
}

int ct_diff_load(struct ct_dside *s, const char *arg)
{
	struct stat st;
	size_t cap = 0;
	int rc;

	memset(s, 0, sizeof(*s));
	s->arg = arg;
	if (stat(arg, &st) < 0) {
		ct_msg("cannot read '%s' (stat): %s", arg, strerror(errno));
		return CT_STATUS_USAGE;
	}
	if (S_ISDIR(st.st_mode) && !ct_is_file(arg, "record.json"))
		rc = ct_load_series(s, &cap, arg);
	else
		rc = ct_load_one(s, &cap, arg);
	if (!rc && !(s->group = calloc(s->n, sizeof(*s->group)))) {
		ct_msg("cannot load '%s': out of memory", arg);
		rc = CT_STATUS_USAGE;
	}
	if (!rc && s->series) {
		ct_load_groups(s, arg);
		ct_sort_groups(s);
	}
	return rc;
}

static double ct_dwall(const struct ct_dside *s, size_t i)
{
	return ct_dpath(s->run[i].rec, "timing.wall_ms");
}

size_t ct_diff_median(const struct ct_dside *s)
{
	size_t i, j, known = 0, rank;
	double w;

	for (i = 0; i < s->n; i++)
		known += !isnan(ct_dwall(s, i));
	for (i = 0; i < s->n; i++) {
		if (isnan(w = ct_dwall(s, i)))
			continue;
		for (rank = 0, j = 0; j < s->n; j++)
			rank += ct_dwall(s, j) < w || (j < i && ct_dwall(s, j) == w);
		if (rank == (known - 1) / 2)
			return i;
	}
	return 0;
}

void ct_diff_free(struct ct_dside *s)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		ct_report_free(&s->run[i]);
	free(s->run);
	free(s->group);
	s->run = NULL;
	s->group = NULL;
	s->n = 0;
}
