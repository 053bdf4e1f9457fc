/*
 * keep.c -- strings the shim keeps for a long time (its saved environment
 * entries, copies of library names), in a block among its own variables
 * and then on pages of its own, instead of the host's heap: a short image
 * keeps a few strings and maps nothing for them.
 *
 * A leak checker run on the host (valgrind --errors-for-leak-kinds=all)
 * counts the blocks of the host's heap that are left at exit: coldtrace's
 * must not be among them, nor may freeing them at exit race with threads
 * still running.  Blocks are powers of two from 16 bytes to 8 KiB; a freed
 * block goes on its size's list for the next string of that size.  Never
 * called from a signal handler; a spin lock held for a few instructions
 * makes it thread-safe (its callers run in the constructor or under
 * ct_libs_lock, which fork waits for and which is held with signals
 * blocked, so neither a child nor a handler ever finds it held).
 */
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "ct.h"

#define CT_KEEP_MIN_SHIFT 4                    /* 16 bytes */
#define CT_KEEP_CLASSES 10                     /* up to 8 KiB */
#define CT_KEEP_PAGES (64u * 1024u)            /* mapped at a time */
#define CT_KEEP_FIRST 1024u                    /* among the small variables: a short image maps nothing */

union ct_keep_block {
	union ct_keep_block *next;             /* while free */
	uint64_t cls;                          /* while in use: its size class */
};

static union ct_keep_block *ct_keep_free_list[CT_KEEP_CLASSES];
static char *ct_keep_next, *ct_keep_end;       /* the unused rest of the pages */
static union ct_keep_block ct_keep_first[CT_KEEP_FIRST / sizeof(union ct_keep_block)];
static char ct_keep_lock;

static int ct_keep_class(size_t n)
{
	int cls = 0;

	while (cls < CT_KEEP_CLASSES && ((size_t)1 << (cls + CT_KEEP_MIN_SHIFT)) < n)
		cls++;
	return cls < CT_KEEP_CLASSES ? cls : -1;
}

/* A block of class cls from its list or the pages; NULL when no memory. */
static union ct_keep_block *ct_keep_take(int cls)
{
	size_t size = (size_t)1 << (cls + CT_KEEP_MIN_SHIFT);
	union ct_keep_block *b = ct_keep_free_list[cls];
	long p;

	if (b) {
		ct_keep_free_list[cls] = b->next;
		return b;
	}
	if (!ct_keep_end) {   /* the first strings: the block among the small variables */
		ct_keep_next = (char *)ct_keep_first;
		ct_keep_end = ct_keep_next + sizeof(ct_keep_first);
	}
	if ((size_t)(ct_keep_end - ct_keep_next) < size) {
		p = syscall(SYS_mmap, NULL, (size_t)CT_KEEP_PAGES, (long)(PROT_READ | PROT_WRITE),
			    (long)(MAP_PRIVATE | MAP_ANONYMOUS), -1L, (off_t)0);
		if (p < 0 && p > -4096)
			return NULL;
		ct_keep_next = (char *)p;   /* the old rest is too small to matter */
		ct_keep_end = ct_keep_next + CT_KEEP_PAGES;
	}
	b = (union ct_keep_block *)ct_keep_next;
	ct_keep_next += size;
	return b;
}

/* A copy of s, or NULL (too long, or no memory). */
char *ct_keep_strdup(const char *s)
{
	size_t len = strlen(s);
	int cls = ct_keep_class(sizeof(union ct_keep_block) + len + 1);
	int saved = errno;
	union ct_keep_block *b;

	if (cls < 0)
		return NULL;
	while (__atomic_test_and_set(&ct_keep_lock, __ATOMIC_ACQUIRE))
		;
	b = ct_keep_take(cls);
	__atomic_clear(&ct_keep_lock, __ATOMIC_RELEASE);
	errno = saved;
	if (!b)
		return NULL;
	b->cls = (uint64_t)cls;
	memcpy(b + 1, s, len + 1);
	return (char *)(b + 1);
}

/* A child made without fork() (ct_libs_unseen): no thread here holds it. */
void ct_keep_unseen(void)
{
	__atomic_clear(&ct_keep_lock, __ATOMIC_RELEASE);
}

void ct_keep_free(char *s)
{
	union ct_keep_block *b = (union ct_keep_block *)s - 1;
	int cls;

	if (!s)
		return;
	cls = (int)b->cls;
	while (__atomic_test_and_set(&ct_keep_lock, __ATOMIC_ACQUIRE))
		;
	b->next = ct_keep_free_list[cls];
	ct_keep_free_list[cls] = b;
	__atomic_clear(&ct_keep_lock, __ATOMIC_RELEASE);
}
