/*
 * search.h -- a dlopen request as the wrapper received it.
 */
#ifndef CT_SEARCH_H
#define CT_SEARCH_H

#include <link.h>

struct ct_dlreq {
	const char *name;     /* as the host passed it (may be NULL) */
	int flags;
	long lmid;            /* -1: dlopen, else dlmopen's namespace */
	const void *caller;   /* the host's return address */
};

/* The real dlopen/dlmopen of `name` for this request (dl.c). */
void *ct_dl_plain(const struct ct_dlreq *rq, const char *name);
/* What the host's own call would have loaded (search.c). */
void *ct_dl_as_caller(const struct ct_dlreq *rq);

#endif
