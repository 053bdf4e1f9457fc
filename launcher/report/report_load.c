/*
 * report_load.c -- finding and reading the record a report is made from.
 *
 * Accepts a run directory, a record.json path, a runs directory (its
 * newest run, named on stderr) or nothing (the newest run under
 * $COLDTRACE_DIR or ./runs); a run directory not merged yet is told how.  Never: a crash or a partial report on
 * a missing path, a truncated or foreign JSON file, or a record of a newer
 * schema -- each is one "coldtrace: ..." line and status 2.
 */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cmds.h"
#include "ct_log.h"
#include "lib/readfile.h"
#include "lib/msg.h"
#include "lib/self.h"
#include "record/record.h"
#include "report.h"

#define CT_SCHEMA_PREFIX "coldtrace.run.v"
#define CT_SCHEMA_NEWEST 1

static int ct_has_record(const char *runs, const char *name)
{
	char path[4400];
	struct stat st;

	snprintf(path, sizeof(path), "%s/%s/record.json", runs, name);
	return name[0] != '.' && stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* Run ids start with a UTC timestamp: the greatest name under runs with a
 * record is the newest; 0 (dir set), 1 when there is none, -1 (errno)
 * when runs cannot be read. */
static int ct_newest_in(const char *runs, char *dir, size_t n)
{
	struct dirent **names = NULL;
	int i, k, best = -1;

	k = scandir(runs, &names, NULL, alphasort);
	if (k < 0)
		return -1;
	for (i = 0; i < k; i++)
		if (ct_has_record(runs, names[i]->d_name))
			best = i;
	if (best >= 0)
		snprintf(dir, n, "%s/%s", runs, names[best]->d_name);
	for (i = 0; i < k; i++)
		free(names[i]);
	free(names);
	return best < 0;
}

static int ct_newest_run(char *dir, size_t n)
{
	const char *env = getenv("COLDTRACE_DIR");
	const char *runs = env && *env ? env : "runs";
	int rc = ct_newest_in(runs, dir, n);

	if (rc < 0)
		ct_msg("no run given and cannot read '%s' (scandir): %s; "
		       "e.g. coldtrace report runs/20250101T120000.000Z-python3", runs, strerror(errno));
	else if (rc)
		ct_msg("no run with a record.json under '%s'", runs);
	return rc ? CT_STATUS_USAGE : 0;
}

/* Whether the directory dir holds an event log (*.ctlog, or the pack of
 * many): a run directory. */
static int ct_has_logs(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int found = 0;

	while (d && !found && (e = readdir(d)))
		found = ct_is_log_name(e->d_name) || !strcmp(e->d_name, CT_PACK_NAME);
	if (d)
		closedir(d);
	return found;
}

/* A directory without record.json: a run directory not merged yet (the
 * way out: merge), or a runs directory (its newest run is reported, as
 * with no argument, and a line says which). */
static int ct_no_record(struct ct_rctx *c)
{
	char q[sizeof(c->dir) * 4 + 3], newest[sizeof(c->dir)];

	ct_shq(c->dir, q, sizeof(q));
	if (ct_has_logs(c->dir)) {
		ct_msg("'%s' has no record.json: `%s merge %s` builds it from its event logs",
		       c->dir, ct_self(), q);
		return CT_STATUS_USAGE;
	}
	if (ct_newest_in(c->dir, newest, sizeof(newest)) != 0) {
		ct_msg("'%s' has no record.json and no run directory with one under it "
		       "(e.g. %s report runs/20250101T120000.000Z-python3)", c->dir, ct_self());
		return CT_STATUS_USAGE;
	}
	ct_msg("'%s' is a runs directory: reporting its newest run, '%s' "
	       "(`%s report RUNDIR` for another)", c->dir, newest, ct_self());
	snprintf(c->dir, sizeof(c->dir), "%s", newest);
	snprintf(c->path, sizeof(c->path), "%s/record.json", c->dir);
	return 0;
}

static int ct_resolve(struct ct_rctx *c, const char *arg)
{
	struct stat st;
	char *slash;

	if (!arg && ct_newest_run(c->dir, sizeof(c->dir)))
		return CT_STATUS_USAGE;
	if (arg)
		snprintf(c->dir, sizeof(c->dir), "%s", arg);
	if (stat(c->dir, &st) < 0) {
		ct_msg("cannot read '%s' (stat): %s", c->dir, strerror(errno));
		return CT_STATUS_USAGE;
	}
	if (S_ISDIR(st.st_mode)) {
		snprintf(c->path, sizeof(c->path), "%s/record.json", c->dir);
		return stat(c->path, &st) < 0 && errno == ENOENT ? ct_no_record(c) : 0;
	}
	snprintf(c->path, sizeof(c->path), "%s", c->dir);
	slash = strrchr(c->dir, '/');
	if (slash)
		*slash = '\0';
	else
		snprintf(c->dir, sizeof(c->dir), ".");
	return 0;
}

static int ct_check_schema(const struct ct_rctx *c)
{
	const char *schema = ct_rstr(c->rec, "schema_version");
	long v;

	if (!cJSON_IsObject(c->rec) || !schema || strncmp(schema, CT_SCHEMA_PREFIX,
							   strlen(CT_SCHEMA_PREFIX))) {
		ct_msg("'%s' is not a coldtrace record (no schema_version \"%s\")", c->path,
		       CT_SCHEMA);
		return CT_STATUS_USAGE;
	}
	v = strtol(schema + strlen(CT_SCHEMA_PREFIX), NULL, 10);
	if (v > CT_SCHEMA_NEWEST) {
		ct_msg("'%s' has schema %s, newer than this coldtrace reads (%s): "
		       "use a newer coldtrace", c->path, schema, CT_SCHEMA);
		return CT_STATUS_USAGE;
	}
	return 0;
}

static int ct_parse(struct ct_rctx *c)
{
	const char *end = NULL;
	size_t len = 0;
	char *text = ct_read_file(c->path, &len);

	if (!text) {
		ct_msg("cannot read '%s' (open): %s", c->path, strerror(errno));
		return CT_STATUS_USAGE;
	}
	c->rec = cJSON_ParseWithOpts(text, &end, 1);
	if (!c->rec) {
		size_t at = end && end >= text ? (size_t)(end - text) : 0;

		ct_msg("'%s' is not valid JSON (parse error at byte %zu of %zu%s)", c->path, at,
		       len, !len ? ": empty file" : at > 0 && at + 64 >= len ? ": truncated?" : "");
	}
	free(text);
	return c->rec ? ct_check_schema(c) : CT_STATUS_USAGE;
}

/* The image the question is about: most imports, then most libraries. */
static size_t ct_pick_main(const struct ct_rctx *c)
{
	size_t i, best = 0;
	int bi = -1, bl = -1, ni, nl;

	for (i = 0; i < c->nimg; i++) {
		ni = cJSON_GetArraySize(ct_rget(c->img[i].proc, "imports"));
		nl = cJSON_GetArraySize(ct_rget(c->img[i].proc, "libraries"));
		if (ni > bi || (ni == bi && nl > bl)) {
			best = i;
			bi = ni;
			bl = nl;
		}
	}
	return best;
}

static int ct_images(struct ct_rctx *c)
{
	const cJSON *procs = ct_rget(c->rec, "processes"), *p;
	size_t n = (size_t)cJSON_GetArraySize(procs);

	c->img = calloc(n ? n : 1, sizeof(*c->img));
	if (!c->img) {
		ct_msg("cannot read the record: out of memory");
		return CT_STATUS_USAGE;
	}
	cJSON_ArrayForEach(p, procs)
		if (cJSON_IsObject(p)) {
			c->img[c->nimg].proc = p;
			c->img[c->nimg++].pid = (int)ct_rint(p, "pid");
		}
	c->main = ct_pick_main(c);
	return 0;
}

int ct_report_load(struct ct_rctx *c, const char *arg)
{
	int rc = ct_resolve(c, arg);

	if (!rc)
		rc = ct_parse(c);
	if (!rc)
		rc = ct_images(c);
	if (!rc && c->o->pid) {
		size_t i;

		for (i = 0; i < c->nimg && c->img[i].pid != c->o->pid; i++)
			;
		if (i == c->nimg) {
			ct_msg("--pid %d: no such process in '%s'", c->o->pid, c->path);
			rc = CT_STATUS_USAGE;
		}
	}
	return rc;
}

void ct_report_free(struct ct_rctx *c)
{
	free(c->img);
	cJSON_Delete(c->rec);
	c->img = NULL;
	c->rec = NULL;
	c->nimg = 0;
}

int ct_rfocus(const struct ct_rctx *c, size_t i)
{
	return !c->o->pid || c->img[i].pid == c->o->pid;
}

int ct_rshown(const struct ct_rctx *c, size_t i)
{
	return c->o->pid ? ct_rfocus(c, i) : i == c->main;
}
