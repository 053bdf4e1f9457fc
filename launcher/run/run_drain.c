/*
 * run_drain.c -- the end of a drainer: output{} of record.json made final.
 *
 * The drainer (run_capture.c) holds the command's pipes after the launcher
 * has gone, so a descendant that writes late keeps its fate (no SIGPIPE).
 * When the last writer closes them, the record's byte counts become the
 * whole truth.  Never: touching record.json before the launcher wrote it
 * (EOF on the sync pipe means the launcher exited), or anything but
 * output{} and warnings[] of it.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/readfile.h"
#include "record/record.h"
#include "run.h"

static void ct_drain_patch(cJSON *rec, const struct ct_capture *cap)
{
	cJSON *o = cJSON_GetObjectItemCaseSensitive(rec, "output");
	struct ct_facts f;
	char text[256];

	if (!cJSON_IsObject(o))
		return;
	ct_facts_init(&f);
	f.late_stdout_bytes = cap->late_out;
	f.late_stderr_bytes = cap->late_err;
	f.drainer_pid = (int)getpid();
	cJSON_ReplaceItemInObjectCaseSensitive(o, "stdout_bytes",
					       cJSON_CreateNumber((double)cap->out_bytes));
	cJSON_ReplaceItemInObjectCaseSensitive(o, "stderr_bytes",
					       cJSON_CreateNumber((double)cap->err_bytes));
	cJSON_DeleteItemFromObjectCaseSensitive(o, "late");
	cJSON_AddItemToObject(o, "late", ct_late_json(&f, 1));
	if (cap->log_error) {
		snprintf(text, sizeof(text), "stdout.log/stderr.log miss output that arrived "
			 "after the launcher exited (write): %s", strerror(cap->log_error));
		ct_record_warn(rec, text);
	}
}

void ct_drain_finish(const struct ct_capture *cap, int sync_fd)
{
	char path[4200], b, *text;
	cJSON *rec;

	while (read(sync_fd, &b, 1) < 0 && errno == EINTR)
		;
	close(sync_fd);
	snprintf(path, sizeof(path), "%s/record.json", cap->run_dir);
	text = ct_read_file(path, NULL);
	rec = text ? cJSON_ParseWithOpts(text, NULL, 1) : NULL;
	free(text);
	if (!rec)
		return;   /* no record (the launcher failed): nothing to complete */
	ct_drain_patch(rec, cap);
	ct_record_write(cap->run_dir, rec);
	cJSON_Delete(rec);
}
