/*
 * gnuhash.h -- dlsym's answer for a name, read from the GNU hash tables of
 * a run of the link map, wherever those tables can tell (the shim's real
 * functions, pyhook's CPython functions).
 */
#ifndef CT_GNUHASH_H
#define CT_GNUHASH_H

#include <link.h>
#include <stdint.h>

#define CT_OBJRUN_MAX 64 /* objects in a run; a longer one: every name to dlsym */

struct ct_gnuhash {
	const uint32_t *head;        /* nbuckets, symoffset, bloom size, shift */
	const ElfW(Addr) *bloom;
	const uint32_t *buckets, *chain;
	const ElfW(Sym) *sym;
	const char *str;
	const ElfW(Half) *versym;    /* NULL: the object has no versions */
	ElfW(Addr) base;
};

/* The objects from first to last, in link-map order.  n is 0 (nothing can
 * be told) until ct_objrun_init succeeds; it is stored last, with release. */
struct ct_objrun {
	int n;   /* first: with the first objects, on the table's first page */
	struct ct_gnuhash obj[CT_OBJRUN_MAX];
};

/* Under a guarantee that first..last stay loaded while the run is used. */
void ct_objrun_init(struct ct_objrun *r, const struct link_map *first,
		    const struct link_map *last);
/* 1: *p is the definition dlsym would take from the run's last object,
 * and no object before it in the run has the name; 0: no object of the
 * run has it; -1 (also for an unusable run): only dlsym can tell. */
int ct_objrun_find(const struct ct_objrun *r, const char *name, void **p);

#endif
