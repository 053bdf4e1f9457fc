/*
 * ctpack_read.h -- a run directory's pack (images.ctpack, format:
 * common/ct_log.h): the logs in its slots, found by the name a file of
 * their own would have, "<base>.ctlog".
 *
 * The pack may be cut short or hold slots never written: a slot counts
 * only with a log header that names it; never a byte read past the file.
 */
#ifndef CT_CTPACK_READ_H
#define CT_CTPACK_READ_H

#include <stddef.h>

struct ct_pack;   /* a mapped pack, shared by the logs read from it */

/* The slot of dir's pack whose log is `base`: 0 with *pk (a reference:
 * ct_pack_drop it), *slot and *len (its bytes in the pack, at most
 * CT_PACK_SLOT) set; 1 when there is no such slot (or no pack); -1 when
 * the pack cannot be read, why in `why`. */
int ct_pack_find(const char *dir, const char *base, struct ct_pack **pk,
		 const unsigned char **slot, size_t *len, char *why, size_t whylen);
void ct_pack_drop(struct ct_pack *pk);
/* 1 when pk's file system fills holes at a read (lib/holes.h). */
int ct_pack_fills_holes(const struct ct_pack *pk);

/* The names of dir's event logs ("<base>.ctlog": files of their own and
 * the pack's written slots), sorted as alphasort sorts, into *names (each
 * name and the array malloc'd): how many, or -1 with errno set.  A pack
 * that cannot be read gives no names and its defect in `why` ("" when
 * none). */
int ct_rundir_lognames(const char *dir, char ***names, char *why, size_t whylen);
void ct_lognames_free(char **names, int n);

#endif
