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

/* cJSON allocates from the arena until ct_arena_end() frees it all. */
void ct_arena_begin(void);
void ct_arena_end(void);
/* Between pause and resume cJSON uses malloc/free again: for printing a
 * large record, whose growing text buffer the arena (no realloc, no free)
 * would keep in every size it passed through, ~3x the text.  Pause
 * returns whether an arena was in use; pass that to resume. */
int ct_arena_pause(void);
void ct_arena_resume(int paused);

#endif
