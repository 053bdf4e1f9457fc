/*
 * arena.h -- one allocation arena for the cJSON trees of a merge.
 *
 * A record is built, printed and dropped in one go: its ~100,000 cJSON
 * nodes are carved from large blocks and released together, instead of
 * one malloc and one free each (a third of the merge's instructions).
 * Never: a cJSON item made inside the arena used after ct_arena_end().
 */
#ifndef CT_ARENA_H
#define CT_ARENA_H

#include <stddef.h>

/* cJSON allocates from the arena until ct_arena_end() frees it all. */
void ct_arena_begin(void);
void ct_arena_end(void);
/* Between pause and resume cJSON uses malloc/free again: for a tree
 * dropped before the arena ends (the record `coldtrace merge` reads back
 * is parsed, copied into the arena and freed), whose memory the arena
 * would keep.  Pause returns whether an arena was in use; pass that to
 * resume. */
int ct_arena_pause(void);
void ct_arena_resume(int paused);
/* n bytes from the allocator cJSON uses now (the arena, or malloc): for a
 * cJSON item made in one piece that cJSON_Delete frees as one. */
void *ct_json_alloc(size_t n);

#endif
