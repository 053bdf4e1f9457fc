/*
 * merge.h -- turning the per-process event logs of a run directory into the
 * record's per-process views (processes[], and process{} of the root).
 */
#ifndef CT_MERGE_H
#define CT_MERGE_H

#include <cjson/cJSON.h>

/* Adds "processes", "events" and fills "process" of rec from the logs in
 * rundir.  root_pid: the process the launcher started (-1: the log whose
 * parent is not in the run).  0 on success, -1 after printing one line. */
int ct_merge_run(const char *rundir, cJSON *rec, int root_pid);

#endif
