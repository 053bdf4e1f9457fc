/*
 * merge_loader.h -- the loader's phases and each object's initialisers
 * from an audit log's R, B, E and N lines (merge_loader.c, format in
 * docs/loader-audit.md).  Never: used without the log's object ids.
 */
#ifndef CT_MERGE_LOADER_H
#define CT_MERGE_LOADER_H

#include <stdint.h>

#include "lib/map.h"
#include "merge_int.h"

struct ct_lcost {
	uint64_t t_ns, cpu_ns, minflt, majflt, read_bytes;
};

/* One line: R (an operation starts: id 0; all mapped: id 1), B (an
 * object's initialisers begin), E (they end), D (a delete activity). */
struct ct_ldev {
	char kind;
	int tid;
	unsigned long id;
	unsigned entries;       /* E */
	struct ct_lcost c;      /* the counters at t (E: at its end) */
	struct ct_lcost self;   /* E: the object's own, nested operations subtracted */
};

struct ct_ldlog {
	struct ct_ldev *v;
	size_t n, cap;
	const char *refusal;    /* the first "observe only" reason (points into the text) */
	int64_t unwrapped;      /* objects left unwrapped */
	int refused;            /* nothing wrapped: this glibc's layout is not one verified */
};

/* 1 when line was one of these (kept), 0 otherwise. */
int ct_ld_line(struct ct_ldlog *l, char *line);
/* Writes dlopens[].phases, libraries[].constructors and loader.startup. */
void ct_ld_apply(const struct ct_ldlog *l, cJSON *proc, const struct ct_map *ids, cJSON *loader);

#endif
