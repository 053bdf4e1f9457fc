/*
 * order.h -- the step of every qsort comparator that orders by fields:
 * return ct_order(x->pid, y->pid) ?: ct_order(x->ts, y->ts);
 * (swap the two arguments for a field sorted the other way round).
 * Never: a difference returned as the result, which overflows an int.
 */
#ifndef CT_ORDER_H
#define CT_ORDER_H

#include <stdint.h>

/* -1, 0 or 1 as a is below, equal to or above b. */
static inline int ct_order(uint64_t a, uint64_t b)
{
	return (a > b) - (a < b);
}

#endif
