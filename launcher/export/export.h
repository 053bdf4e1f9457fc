/*
 * export.h -- `coldtrace export --chrome`: a run as Chrome Trace Event JSON.
 *
 * Events are collected from every image's .ctlog into one array, sorted
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
/* export_meta.c: process_name / thread_name for every image and thread. */
void ct_export_names(struct ct_trace *t, const cJSON *processes);
void ct_export_name_process(struct ct_trace *t, uint32_t pid, const char *name);
void ct_export_name_thread(struct ct_trace *t, uint32_t pid, uint32_t tid, const char *name);
/* export_ready.c: ready{} of the record as a global instant; 0 or -1. */
int ct_export_ready(struct ct_trace *t, const cJSON *rec);
/* export_write.c: sorts and writes the whole trace; 0 or -1 (write failed). */
int ct_trace_write(FILE *out, struct ct_trace *t, const cJSON *rec);

#endif
