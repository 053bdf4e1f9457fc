/*
 * vec.c -- the CLI's one growable array.
 *
 * Never: a capacity computation that overflows into a short allocation.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "vec.h"

int ct_grow(void *vp, size_t *cap, size_t n, size_t size)
{
	void *v, *nv;
	size_t ncap = *cap ? *cap : 16;

	if (n < *cap)
		return 0;
	while (ncap <= n) {
		if (ncap > SIZE_MAX / 2)
			return -1;
		ncap *= 2;
	}
	if (ncap > SIZE_MAX / size)
		return -1;
	memcpy(&v, vp, sizeof(v));      /* vp: the address of any T * */
	nv = realloc(v, ncap * size);
	if (!nv)
		return -1;
	memcpy(vp, &nv, sizeof(nv));
	*cap = ncap;
	return 0;
}
