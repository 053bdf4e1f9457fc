/*
 * lookup.h -- finding a command the way execvp(3) would (lib/lookup.c).
 */
#ifndef CT_LOOKUP_H
#define CT_LOOKUP_H

/* PATH search as execvp does it.  Returns a malloc'd path, or NULL with
 * *status set to 127 (not found) or 126 (found, not executable). */
char *ct_lookup_cmd(const char *cmd, int *status, int *err);

#endif
