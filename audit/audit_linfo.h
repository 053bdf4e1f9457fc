/*
 * audit_linfo.h -- ld.so's l_info[] of an object, found and checked
 * (audit_linfo.c).  Never: used on a glibc ct_linfo_refusal() refuses.
 */
#ifndef CT_AUDIT_LINFO_H
#define CT_AUDIT_LINFO_H

#include <link.h>

#include "audit.h"

/* Why the wrapping is refused on this glibc/architecture, or NULL. */
CT_AUDIT_HIDDEN const char *ct_linfo_refusal(void);
/* map's l_info (indexed by DT_ tag), or NULL when it cannot be verified. */
CT_AUDIT_HIDDEN ElfW(Dyn) **ct_linfo(struct link_map *map);

#endif
