/*
 * series.h -- `ct-launch -n N`: repeated runs, page-cache control, the
 * statistics of series.json and its report; series/'s own header.
 *
 * A series reads its runs' record.json files only (through report/load.h),
 * never their event logs, so series.json can be rebuilt from the run
 * directories alone.
 */
#ifndef CT_SERIES_H
#define CT_SERIES_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <cjson/cJSON.h>

#include "run/launch.h"
#include "load.h"

/* series_evict.c: the files a run touched, and evicting them. */
struct ct_evset {
	char **path;            /* malloc'd, sorted, unique */
	size_t n, cap;
};
struct ct_evict {
	int64_t files;          /* regular files of the set found on disk */
	int64_t failed;         /* posix_fadvise (or open) failed */
	int64_t bytes;          /* their total size */
	int64_t resident;       /* bytes still cached after eviction, -1 unmeasured */
	int64_t unmeasured;     /* files whose residency could not be measured */
	const char *method;     /* "cachestat", "mincore", "cachestat+mincore", "none" */
	int dropped;            /* /proc/sys/vm/drop_caches written */
	int64_t ns;             /* time the eviction took */
};
/* Adds the executables, non-coldtrace libraries (realpath) and regular
 * files opened that a run's record names, except under skip.  0 or -1. */
int ct_evset_from_run(struct ct_evset *s, const char *rundir, const char *skip);
void ct_evset_free(struct ct_evset *s);
void ct_evict_files(const struct ct_evset *s, int drop, struct ct_evict *e);
cJSON *ct_evict_json(const struct ct_evict *e);

/* series_stats.c: statistics of one sample (definitions in docs/series.md). */
cJSON *ct_stats_json(const double *v, const int *run, size_t n);
/* median(a) - median(b) and its bootstrap 95% interval. */
cJSON *ct_penalty_json(const double *a, size_t na, const double *b, size_t nb);
double ct_median(double *v, size_t n);   /* sorts v */

/* series_json.c: series.json from the run directories. */
struct ct_srun {
	int index;              /* 1-based: the directory %03d */
	const char *group;      /* "cold", "warm" or "asis" */
	int status;             /* the launcher's exit status for the run */
	int interrupted;        /* a signal reached the launcher during it */
	int evicted;            /* ev is valid */
	struct ct_evict ev;
};
struct ct_series {
	struct ct_run_opts o;
	const char *mode;       /* launcher mode for the records */
	char dir[4096];         /* the series directory (absolute) */
	char label[96];
	enum ct_cache_mode cache;
	int warmup;             /* uncounted runs done */
	struct ct_srun *run;
	size_t nrun, cap;
	int64_t started_unix_ms, wall_ns, between_ns;
	int interrupted;        /* the signal that stopped the series, 0 none */
	int status;             /* the series' exit status */
};
cJSON *ct_series_json(const struct ct_series *s);
/* series_rows.c: run r's row, from its record.json. */
cJSON *ct_series_row(const struct ct_series *s, const struct ct_srun *r);
/* series_sets.c: per-import statistics and the sets that differ. */
/* Sets root.host (the first readable run's) and root.imports; adds to
 * warnings the sets that differ from the first run's. */
void ct_series_sets(const struct ct_series *s, cJSON *root, cJSON *warnings);
int ct_series_write(const struct ct_series *s);   /* 0 or -1 after one message */

/* series_text.c: a statistic in the report's text. */
#define CT_SPIECE 96            /* bytes of one piece of a line */
/* The unit of a series.json metric, from its name: "ms", "us", "KiB",
 * "bytes" or "count" (wall_ms, self_us, peak_rss_kb, read_bytes). */
const char *ct_sunit(const char *metric);
/* A group's statistics as pieces: median, [min .. max], mean ± sd, n. */
size_t ct_sstat_pieces(char (*p)[CT_SPIECE], const cJSON *g, const char *unit);
/* head in headw columns, then the pieces two spaces apart; a piece that
 * would pass the terminal's width starts a line indented by headw. */
void ct_sshow_pieces(FILE *out, const char *head, size_t headw, char (*p)[CT_SPIECE], size_t n);

/* series_cmd.c: arg is a regular file named series.json. */
int ct_series_file(const char *arg);
/* series_report.c: the series arg names (ct_series_load), as text or JSON. */
int ct_series_report(const char *arg, int json, int top, FILE *out);

#endif
