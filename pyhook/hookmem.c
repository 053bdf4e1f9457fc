/*
 * hookmem.c -- keep CPython's free of our audit-hook entry on the allocator
 * that allocated it.
 *
 * PySys_AddAuditHook before Py_Initialize takes its list entry from
 * PyMem_RawMalloc as it is then (plain malloc).  Py_Initialize may then
 * install the debug allocator (PYTHONMALLOC=debug, -X dev), and at exit
 * _PySys_ClearAuditHooks hands the entry to PyMem_RawFree: the debug
 * allocator finds no header of its own and the process dies with "Fatal
 * Python error: bad ID".  So the entry's address is captured at
 * registration, and on the "cpython._PySys_ClearAuditHooks" event (raised
 * just before that free) a raw-domain wrapper is put in front of the
 * current allocator that frees exactly that block with the allocator that
 * made it, then steps aside.  Never: a block freed with the wrong
 * allocator, or the wrapper left in place once the entry is gone.
 */
#include <string.h>

#include "pyhook.h"

static PyMemAllocatorEx ct_at_add;   /* raw allocator when the hook was added */
static PyMemAllocatorEx ct_at_clear; /* raw allocator when hooks are cleared */
static PyMemAllocatorEx *ct_fwd;     /* where the wrapper below forwards */
static int ct_capturing;             /* inside PySys_AddAuditHook */
static void *volatile ct_entry;      /* our hook entry, NULL once freed */

static void *ct_note(void *p)
{
	if (ct_capturing && !ct_entry)
		ct_entry = p;
	return p;
}

static void *ct_w_malloc(void *ctx, size_t n)
{
	(void)ctx;
	return ct_note(ct_fwd->malloc(ct_fwd->ctx, n));
}

static void *ct_w_calloc(void *ctx, size_t k, size_t n)
{
	(void)ctx;
	return ct_note(ct_fwd->calloc(ct_fwd->ctx, k, n));
}

static void *ct_w_realloc(void *ctx, void *p, size_t n)
{
	(void)ctx;
	return ct_fwd->realloc(ct_fwd->ctx, p, n);
}

/* At clear time our entry goes back to the allocator that made it, and the
 * wrapper steps aside. */
static void ct_w_free(void *ctx, void *p)
{
	(void)ctx;
	if (!p || p != ct_entry || ct_capturing) {
		ct_fwd->free(ct_fwd->ctx, p);
		return;
	}
	ct_entry = NULL;
	ct_at_add.free(ct_at_add.ctx, p);
	ct_py.mem_set_allocator(PYMEM_DOMAIN_RAW, &ct_at_clear);
}

static PyMemAllocatorEx ct_wrapper = {
	NULL, ct_w_malloc, ct_w_calloc, ct_w_realloc, ct_w_free
};

/* Registers the hook, remembering which block holds its entry. */
int ct_hookmem_add(Py_AuditHookFunction hook, void *data)
{
	int rc;

	ct_py.mem_get_allocator(PYMEM_DOMAIN_RAW, &ct_at_add);
	ct_fwd = &ct_at_add;
	ct_capturing = 1;
	ct_py.mem_set_allocator(PYMEM_DOMAIN_RAW, &ct_wrapper);
	rc = ct_py.add_audit_hook(hook, data);
	ct_py.mem_set_allocator(PYMEM_DOMAIN_RAW, &ct_at_add);
	ct_capturing = 0;
	if (rc != 0)
		ct_entry = NULL;
	return rc;
}

/* Called from the hook on "cpython._PySys_ClearAuditHooks". */
void ct_hookmem_before_clear(void)
{
	if (!ct_entry)
		return;
	ct_py.mem_get_allocator(PYMEM_DOMAIN_RAW, &ct_at_clear);
	if (!memcmp(&ct_at_clear, &ct_at_add, sizeof(ct_at_add)))
		return;  /* same allocator: CPython's own free is right */
	ct_fwd = &ct_at_clear;
	ct_py.mem_set_allocator(PYMEM_DOMAIN_RAW, &ct_wrapper);
}
