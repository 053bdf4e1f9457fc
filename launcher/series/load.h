/*
 * load.h -- the series stage's public side: running a series
 * (series_run.c), what names a series, reading its series.json, and the
 * series report as JSON (series_report.c, series_cmd.c).  Views built on a series (html/) use this; series.h is
 * series/'s own.
 */
#ifndef CT_SERIES_LOAD_H
#define CT_SERIES_LOAD_H

#include <stddef.h>
#include <cjson/cJSON.h>

#define CT_SERIES_SCHEMA "coldtrace.series.v1"
#define CT_SERIES_REPORT_SCHEMA "coldtrace.series-report.v1"

struct ct_run_opts;

/* The whole series o asks for (launcher/cmd_run.c); the exit status. */
int ct_series_run(const struct ct_run_opts *o, const char *mode);

/* arg names a series: a directory holding series.json, or a file named
 * series.json. */
int ct_series_named(const char *arg);
/* "Run, series or newest?" for a command that takes either (report,
 * report --html, export --otlp): the series arg names, or with no arg the
 * newest entry of the runs directory ($COLDTRACE_DIR, else ./runs) when it
 * is a series -- malloc'd; NULL: a run, which the run report resolves
 * itself (arg, or the newest run). */
char *ct_series_resolve(const char *arg);
/* series.json of the series arg names, its directory in dir; NULL after
 * one "coldtrace: ..." line when it cannot be read or is no series. */
cJSON *ct_series_load(const char *arg, char *dir, size_t n);
/* What `coldtrace report --json --top TOP` prints for the series. */
cJSON *ct_series_sections(const cJSON *ser, const char *dir, int top);

#endif
