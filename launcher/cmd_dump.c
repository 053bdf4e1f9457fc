/*
 * cmd_dump.c -- `coldtrace dump FILE.ctlog|RUNDIR`: the raw event records
 * as JSON Lines, the documented streamable form of the binary logs.
 *
 * One object per line: first a "log" line per file (its header), then one
 * line per record with every field.  A damaged log still yields its valid
 * records; the damage is one line on stderr and exit status 2.  Never: a
 * partial line on stdout, a crash on a file's contents.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cmds.h"
#include "lib/ctlog_read.h"
#include "lib/ctpack_read.h"
#include "lib/json.h"
#include "lib/msg.h"

#define CT_DUMP_USAGE "usage: coldtrace dump FILE.ctlog|RUNDIR  " \
	"(e.g. coldtrace dump runs/20250101T120000.000Z-python3 | head)"

static int ct_emit_line(cJSON *o)
{
	char *text = o ? ct_json_print_flat(o) : NULL;
	int rc = -1;

	if (text && puts(text) >= 0)
		rc = 0;
	free(text);
	cJSON_Delete(o);
	return rc;
}

static cJSON *ct_dump_drops(const struct ct_logfile *lg)
{
	cJSON *a = cJSON_CreateArray();

	for (int k = 0; k < CT_DROP_KINDS; k++)
		if (ct_push(a, cJSON_CreateNumber(ct_log_drops_of(&lg->hdr, k))) < 0) {
			cJSON_Delete(a);
			return NULL;
		}
	return a;
}

static cJSON *ct_dump_header(const struct ct_logfile *lg, const char *name)
{
	cJSON *o = cJSON_CreateObject();

	if (ct_add_str(o, "kind", "log") || ct_add_str(o, "file", name) ||
	    ct_add_int(o, "version", lg->hdr.version) || ct_add_int(o, "pid", lg->hdr.pid) ||
	    ct_add_int(o, "ppid", lg->hdr.ppid) ||
	    ct_add_int(o, "start_mono_ns", (int64_t)lg->hdr.start_mono_ns) ||
	    ct_add_int(o, "start_unix_ns", (int64_t)lg->hdr.start_unix_ns) ||
	    ct_add_int(o, "chunks", lg->hdr.next_chunk) ||
	    ct_add_int(o, "dropped", lg->hdr.dropped) ||
	    ct_add_item(o, "drops", ct_dump_drops(lg)) ||
	    ct_add_int(o, "drop_errno", lg->hdr.drop_errno) ||
	    ct_add_bool(o, "finished", lg->hdr.finished != 0) ||
	    ct_add_int(o, "records", (int64_t)lg->nrecords)) {
		cJSON_Delete(o);
		return NULL;
	}
	return o;
}

static cJSON *ct_dump_strings(const struct ct_logrec *ev)
{
	cJSON *arr = cJSON_CreateArray();
	int i;

	for (i = 0; arr && i < ev->nstr; i++)
		if (ct_push(arr, ct_str_json(ev->s[i])) < 0) {
			cJSON_Delete(arr);
			return NULL;
		}
	return arr;
}

static cJSON *ct_dump_record(const struct ct_logrec *ev, int pid)
{
	const struct ct_rec *r = ev->rec;
	const char *name = ct_kind_name(r->kind);
	cJSON *o = cJSON_CreateObject();

	if (ct_add_str(o, "kind", name ? name : "unknown") || ct_add_int(o, "kind_id", r->kind) ||
	    ct_add_int(o, "pid", pid) || ct_add_int(o, "tid", ev->tid) ||
	    ct_add_int(o, "t_ns", (int64_t)r->t_ns) ||
	    ct_add_int(o, "dur_ns", (int64_t)r->dur_ns) ||
	    ct_add_int(o, "result", r->result) || ct_add_int(o, "err", r->err) ||
	    ct_add_int(o, "import_id", r->import_id) || ct_add_int(o, "a0", r->a0) ||
	    ct_add_int(o, "a1", r->a1) || ct_add_int(o, "a2", r->a2) ||
	    ct_add_item(o, "s", ct_dump_strings(ev))) {
		cJSON_Delete(o);
		return NULL;
	}
	return o;
}

/* 0 clean, 1 damaged (message printed), -1 output failed. */
static int ct_dump_file(const char *path, const char *name)
{
	struct ct_logfile lg;
	struct ct_logfile_iter it;
	struct ct_logrec ev;
	int rc = 0;

	if (ct_logfile_open(&lg, path) < 0) {
		ct_msg("%s", lg.problem);
		ct_logfile_close(&lg);
		return 1;
	}
	if (ct_emit_line(ct_dump_header(&lg, name)) < 0)
		rc = -1;
	ct_logfile_iter_init(&it, &lg);
	while (rc == 0 && ct_logfile_next(&it, &ev))
		if (ct_emit_line(ct_dump_record(&ev, (int)lg.hdr.pid)) < 0)
			rc = -1;
	if (rc == 0 && lg.problem[0]) {
		fflush(stdout);
		ct_msg("%s", lg.problem);
		rc = 1;
	}
	ct_logfile_close(&lg);
	return rc;
}

static int ct_dump_dir(const char *dir)
{
	char **names = NULL, path[4200], why[320];
	int n, i, r, damaged = 0, failed = 0;

	n = ct_rundir_lognames(dir, &names, why, sizeof(why));
	if (n < 0) {
		ct_msg("cannot read '%s': %s", dir, strerror(errno));
		return CT_STATUS_USAGE;
	}
	if (why[0]) {
		ct_msg("%s", why);
		damaged = 1;
	}
	if (n == 0)
		ct_msg("no event logs (*.ctlog, or a pack's) in '%s'", dir);
	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		r = failed ? 0 : ct_dump_file(path, names[i]);
		failed |= r < 0;
		damaged |= r > 0;
	}
	ct_lognames_free(names, n);
	return failed ? CT_STATUS_TOOL : damaged || n == 0 ? CT_STATUS_USAGE : 0;
}

int ct_cmd_dump(int argc, char **argv)
{
	struct stat st;
	const char *slash;
	int rc, found;

	if (argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		printf("%s\n", CT_DUMP_USAGE);
		return 0;
	}
	if (argc != 2) {
		ct_msg("%s", CT_DUMP_USAGE);
		return CT_STATUS_USAGE;
	}
	found = stat(argv[1], &st) == 0;
	if (!found && errno != ENOENT) {   /* none at all: maybe a log in the pack */
		ct_msg("cannot read '%s' (stat): %s", argv[1], strerror(errno));
		return CT_STATUS_USAGE;
	}
	if (found && S_ISDIR(st.st_mode))
		return ct_dump_dir(argv[1]);
	slash = strrchr(argv[1], '/');
	rc = ct_dump_file(argv[1], slash ? slash + 1 : argv[1]);
	return rc < 0 ? CT_STATUS_TOOL : rc ? CT_STATUS_USAGE : 0;
}
