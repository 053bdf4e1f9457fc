/*
 * self.h -- the commands coldtrace prints for the user to paste
 * (lib/self.c): "full report: coldtrace report DIR", "coldtrace merge DIR
 * builds it".  They name coldtrace the way it was run, so they work when
 * it is not on PATH.
 */
#ifndef CT_SELF_H
#define CT_SELF_H

#include <stddef.h>

/* Remembers argv[0] (main.c, once). */
void ct_self_set(const char *argv0);
/* coldtrace as it was run, shell-quoted: bare when argv[0] has no slash
 * and PATH finds it, the path as given when it has one (ct-launch's
 * sibling coldtrace for a ct-launch), else /proc/self/exe. */
const char *ct_self(void);
/* s quoted for a POSIX shell in buf (as it is when it needs no quoting);
 * returns buf. */
const char *ct_shq(const char *s, char *buf, size_t n);

#endif
