/*
 * export_pf.h -- `coldtrace export --perfetto`: a run's record as
 * Perfetto TrackEvent protobuf (what export_pf_build.c reads from the
 * record, what export_pf_write.c writes).
 *
 * Tracks: one per process (ProcessDescriptor), per thread (ThreadDescriptor,
 * under its process) and per process with a known RSS (a counter).  Slices
 * live on a track as [a, b] in CLOCK_MONOTONIC ns; the writer nests them
 * per track (a slice that would cross its parent's end is cut there) and
 * writes them as SLICE_BEGIN/SLICE_END pairs in time order.
 * Never: an END without its BEGIN, a track without a name.
 */
#ifndef CT_EXPORT_PF_H
#define CT_EXPORT_PF_H

#include <stdint.h>
#include <stdio.h>
#include <cjson/cJSON.h>

#include "lib/map.h"

struct ct_pslice {
	uint64_t track;         /* its track's uuid */
	uint64_t a, b;          /* ns; an instant has a == b */
	uint32_t seq;           /* insertion order: at equal times a parent first */
	int instant;
	const char *cat;        /* static string */
	char *name;             /* owned */
	cJSON *args;            /* owned, NULL: none; become debug annotations */
	uint64_t flow_out;      /* flow id this event starts, 0 none */
	uint64_t flow_in;       /* flow id this event ends, 0 none */
};

struct ct_ptrack {
	uint64_t uuid, parent;  /* parent 0: top level */
	char kind;              /* 'p' process, 't' thread, 'c' counter */
	uint32_t pid, tid;
	char *name;             /* owned */
	const cJSON *argv;      /* processes: the first image's argv (the record's) */
};

struct ct_pcount {
	uint64_t track, ts;
	int64_t value;
};

/* A fork or exec whose new image has not been seen yet. */
struct ct_pflow {
	uint32_t pid;
	int exec;               /* 1: the pid's next image; 0: its first */
	uint64_t id;
};

struct ct_pf {
	struct ct_pslice *s;
	size_t ns, caps;
	struct ct_ptrack *tr;
	size_t ntr, captr;
	struct ct_pcount *c;
	size_t nc, capc;
	struct ct_pflow *fl;
	size_t nfl, capfl;
	struct ct_map tracks;   /* (pid << 32 | tid, tid 0: the process) -> index + 1 in tr */
	uint64_t next_flow;
	int oom;
};

/* export_pf_build.c: every process image of the record; 0 or -1 (memory). */
int ct_pf_build(struct ct_pf *pf, const cJSON *rec);
void ct_pf_free(struct ct_pf *pf);
/* export_pf_image.c: one image's imports, dlopens (phases, initialisers),
 * file-system runs and exit windows on its tracks. */
void ct_pf_image_work(struct ct_pf *pf, const cJSON *proc, uint64_t ptrack);
/* Adds a slice (takes name and args); its index, or -1 when out of memory. */
long ct_pf_slice(struct ct_pf *pf, uint64_t track, uint64_t a, uint64_t b, const char *cat,
		 char *name, cJSON *args);
/* The thread's track of pid, made (unnamed) if new; 0 when out of memory. */
uint64_t ct_pf_thread_track(struct ct_pf *pf, uint32_t pid, uint32_t tid, const char *name);
/* export_pf_write.c: the whole trace; 0, or -1 (write failed, errno set). */
int ct_pf_write(FILE *out, struct ct_pf *pf);

#endif
