/*
 * outpath.h -- an output file the user named with -o (lib/outpath.c).
 */
#ifndef CT_OUTPATH_H
#define CT_OUTPATH_H

/* 0, or -1 after one "coldtrace: cannot write WHAT 'FILE': ..." line:
 * file can be made, as far as can be told before writing (its directory
 * is there and writable, it is no directory itself).  Callers exit 2,
 * the status of a usage error, as for every output that cannot be
 * written (docs/report.md, "Exit statuses"). */
int ct_outpath_check(const char *file, const char *what);

#endif
