/*
 * vec.h -- the CLI's one growable array (lib/vec.c).
 *
 * An array is three fields the caller owns: a pointer, a count and a
 * capacity.  CT_GROW makes room for one more element before the caller
 * stores it:  if (CT_GROW(v, cap, n) < 0) fail; v[n++] = x;
 * Never: the array lost or changed when growing fails.
 */
#ifndef CT_VEC_H
#define CT_VEC_H

#include <stddef.h>

/* Room for element n of the array *vp points to (elements of `size`
 * bytes, *cap allocated): the capacity doubles, from 16.  0, or -1 with
 * the array untouched when out of memory. */
int ct_grow(void *vp, size_t *cap, size_t n, size_t size);
#define CT_GROW(v, cap, n) ct_grow(&(v), &(cap), (n), sizeof(*(v)))

#endif
