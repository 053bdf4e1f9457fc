/*
 * export.h -- `coldtrace export`: the Chrome trace (below), the output
 * file every format writes through, and what the record-based formats
 * (--perfetto: export_pf.h, --otlp: export_ot.h) share.
 *
 * Chrome: events are collected from every image's .ctlog into one array, sorted
 * per thread by time, then written after the process/thread name
 * metadata.  Invariants of the output (tests/cases/export_*.sh check them):
 * every B has its E on the same thread, timestamps never go back within a
 * thread, every pid and tid that carries an event is named.
 */
#ifndef CT_EXPORT_H
#define CT_EXPORT_H

#include <stdint.h>
#include <stdio.h>
#include <cjson/cJSON.h>

#include "lib/map.h"

struct ct_tev {
	uint64_t ts;            /* CLOCK_MONOTONIC ns */
	uint64_t dur;           /* 'X' only */
	uint32_t pid, tid;
	uint32_t seq;           /* insertion order: breaks ties in ts */
	char ph;                /* 'B' 'E' 'X' 'i' 'C' */
	char scope;             /* instants: 't' thread, 'p' process */
	const char *cat;        /* static string */
	char *name;             /* owned */
	cJSON *args;            /* owned, may be NULL */
};

struct ct_trace {
	struct ct_tev *ev;
	size_t n, cap;
	uint64_t t0;            /* origin of ts: the earliest image start */
	long max_fs;            /* file-system calls per image shown one by one */
	size_t aggregated;      /* images whose file-system calls became counters */
	struct ct_map named;    /* (pid << 32 | tid) -> 1: threads already named */
	cJSON *meta;            /* 'M' events, written first */
};

/* 0, or -1 when out of memory.  Takes name and args (freed on failure). */
int ct_trace_add(struct ct_trace *t, char ph, uint32_t pid, uint32_t tid, uint64_t ts,
		 const char *cat, char *name, cJSON *args);
void ct_trace_free(struct ct_trace *t);

/* export_image.c: one image's events; 0, or -1 when its log is unreadable. */
int ct_export_image(struct ct_trace *t, const char *dir, const cJSON *proc);
/* export_fs.c: the image's file-system calls as counters (sorted by time). */
int ct_export_fs_counters(struct ct_trace *t, uint32_t pid, uint64_t *ts, uint8_t *cls,
			  size_t n);
/* export_life.c: the image's process and thread life slices ('X'). */
void ct_export_lives(struct ct_trace *t, const cJSON *proc);
/* export_meta.c: process_name / thread_name for every image and thread. */
void ct_export_names(struct ct_trace *t, const cJSON *processes);
void ct_export_name_process(struct ct_trace *t, uint32_t pid, const char *name);
void ct_export_name_thread(struct ct_trace *t, uint32_t pid, uint32_t tid, const char *name);
/* A threads[] entry's label: "main", its name, or "thread TID START_ROUTINE". */
void ct_export_thread_label(const cJSON *th, uint32_t pid, char *buf, size_t n);
/* export.c: writes fn's output to out_path ("-": stdout; NULL: dir/def_name,
 * a regular file only); a line on stderr names the file and what (fn's
 * words).  0, or 125 when it cannot be written (a partial file removed). */
typedef int (*ct_xwriter)(FILE *out, void *arg, char *what, size_t n);
int ct_export_write(const char *dir, const char *def_name, const char *out_path,
		    ct_xwriter fn, void *arg);
/* export_perfetto.c, export_otlp.c: the formats of the record; exit status. */
struct ct_rctx;
int ct_export_perfetto(const struct ct_rctx *c, const char *out_path);
int ct_export_otlp(const char *arg, const char *out_path);
/* export_args.c: o's keys (NULL-ended) that hold a string, number or bool. */
cJSON *ct_export_args(const cJSON *o, const char *const *keys);
/* dlopen d's phases, then (is_init 1) the objects it initialised, each with
 * its record object (the phase's, the object's constructors; NULL for the
 * wait) and its place [a, b] in ns. */
typedef void (*ct_xphase_fn)(void *arg, const char *name, const cJSON *o, uint64_t a,
			     uint64_t b, int is_init);
void ct_export_phases(const cJSON *proc, const cJSON *d, ct_xphase_fn fn, void *arg);
/* export_ready.c: ready{} of the record as a global instant; 0 or -1. */
int ct_export_ready(struct ct_trace *t, const cJSON *rec);
/* export_write.c: sorts and writes the whole trace; 0 or -1 (write failed). */
int ct_trace_write(FILE *out, struct ct_trace *t, const cJSON *rec);

#endif
