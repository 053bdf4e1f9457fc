/*
 * hostcache.h -- systemctl's version line kept between runs (hostcache.c).
 */
#ifndef CT_HOSTCACHE_H
#define CT_HOSTCACHE_H

#include <stddef.h>

/* The identity of the systemctl at path (the one PATH finds), as the
 * cache's key: 0, or -1 when it cannot be had. */
int ct_sysver_key(const char *path, char *key, size_t n);
/* The line kept for key ("systemd ..."): 0 with it in line, -1 on a miss. */
int ct_sysver_cached(const char *key, char *line, size_t n);
/* Keeps line (a "systemd ..." line) for key; silent where it cannot. */
void ct_sysver_store(const char *key, const char *line);

#endif
