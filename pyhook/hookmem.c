/*
 * hookmem.c -- our audit-hook entry in CPython's list, on memory of our own.
 *
 * PySys_AddAuditHook takes its list entry from PyMem_RawMalloc, and at
 * finalization _PySys_ClearAuditHooks hands every entry to PyMem_RawFree.
 * Neither allocator is ours to trust: Py_Initialize may install the debug
 * allocator in between (PYTHONMALLOC=debug, -X dev), which finds no header
 * of its own on a plain malloc block and dies with "Fatal Python error:
 * bad ID"; and an entry added again after finalization, for an embedding
 * program's next lifetime of the interpreter (init.c), would be a block of
 * the host's heap still held when a process that never starts another
 * exits.  So while PySys_AddAuditHook runs, a raw-domain wrapper in front
 * of the allocator answers the entry's allocation with a static block, and
 * on the "cpython._PySys_ClearAuditHooks" event (raised just before the
 * frees; our hook is the list's first, so no other hook can stop it) the
 * wrapper goes in front again, swallows that block's free and steps aside.
 * Never: the static block handed to an allocator, added twice to the list,
 * or the wrapper left in place once the entry is gone.
 */
#include <string.h>

#include "pyhook.h"

static PyMemAllocatorEx ct_saved;    /* the raw allocator the wrapper stands in front of */
static int ct_capturing;             /* inside PySys_AddAuditHook */
static uint64_t ct_entry_mem[8];     /* the entry (24 bytes in 3.8 to 3.13) */
static void *volatile ct_entry;      /* ct_entry_mem while in CPython's list, else NULL */

/* The entry's block: the first raw allocation of PySys_AddAuditHook. */
static void *ct_take(size_t n)
{
	if (!ct_capturing || ct_entry || n > sizeof(ct_entry_mem))
		return NULL;
	memset(ct_entry_mem, 0, sizeof(ct_entry_mem));
	ct_entry = ct_entry_mem;
	return ct_entry_mem;
}

static void *ct_w_malloc(void *ctx, size_t n)
{
	void *p = ct_take(n);

	(void)ctx;
	return p ? p : ct_saved.malloc(ct_saved.ctx, n);
}

static void *ct_w_calloc(void *ctx, size_t k, size_t n)
{
	void *p = k && n <= sizeof(ct_entry_mem) / k ? ct_take(k * n) : NULL;

	(void)ctx;
	return p ? p : ct_saved.calloc(ct_saved.ctx, k, n);
}

static void *ct_w_realloc(void *ctx, void *p, size_t n)
{
	(void)ctx;
	return ct_saved.realloc(ct_saved.ctx, p, n);
}

/* At clear time our entry is not freed, and the wrapper steps aside. */
static void ct_w_free(void *ctx, void *p)
{
	(void)ctx;
	if (!p || p != ct_entry || ct_capturing) {
		ct_saved.free(ct_saved.ctx, p);
		return;
	}
	ct_entry = NULL;
	ct_py.mem_set_allocator(PYMEM_DOMAIN_RAW, &ct_saved);
}

static PyMemAllocatorEx ct_wrapper = {
	NULL, ct_w_malloc, ct_w_calloc, ct_w_realloc, ct_w_free
};

/* Registers the hook, its entry in the static block; -1 when CPython
 * refused, or when the entry is still in the list (never twice). */
int ct_hookmem_add(Py_AuditHookFunction hook, void *data)
{
	int rc;

	if (ct_entry)
		return -1;
	ct_py.mem_get_allocator(PYMEM_DOMAIN_RAW, &ct_saved);
	ct_capturing = 1;
	ct_py.mem_set_allocator(PYMEM_DOMAIN_RAW, &ct_wrapper);
	rc = ct_py.add_audit_hook(hook, data);
	ct_py.mem_set_allocator(PYMEM_DOMAIN_RAW, &ct_saved);
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
	ct_py.mem_get_allocator(PYMEM_DOMAIN_RAW, &ct_saved);
	ct_py.mem_set_allocator(PYMEM_DOMAIN_RAW, &ct_wrapper);
}
