/*
 * findobj.h -- which loaded object holds an address (findobj.c), for the
 * shim and pyhook: every lookup goes through here, never to
 * _dl_find_object itself, which glibc before 2.35 lacks.
 */
#ifndef CT_FINDOBJ_H
#define CT_FINDOBJ_H

#include <dlfcn.h>
#include <link.h>
#include <stddef.h>
#include <stdint.h>

/* _dl_find_object's answer (0, fo filled) where this glibc has it; -1 (in
 * no object) for every address where it does not.  Takes no lock. */
int ct_find_object(const void *addr, struct dl_find_object *fo);
int ct_find_object_known(void);   /* 1: this glibc has _dl_find_object */

/* The link map of the object holding addr, NULL for none (or unknown, as
 * above).  Takes no lock. */
const struct link_map *ct_object_map(const void *addr);

/* The same, found by dladdr1 where glibc lacks _dl_find_object: that takes
 * the loader's lock, so only for a caller that could call dlopen where it
 * runs (the constructor, the dlopen wrapper). */
const struct link_map *ct_object_map_locking(const void *addr);

/* [span[0], span[1]): the addresses lm's segments cover, as
 * dl_iterate_phdr gives them (it takes the loader's lock: as above);
 * 0, or -1 for an object it does not list. */
int ct_object_span(const struct link_map *lm, uintptr_t span[2]);

/* The shim's own link map: known from ct_self_map_init (the constructor's
 * first step) on; before it, as ct_object_map finds it. */
void ct_self_map_init(void);
const struct link_map *ct_self_map(void);

#endif
