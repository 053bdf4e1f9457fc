/*
 * findobj.c -- the loaded object an address lies in, by the loader's own
 * lock-free lookup, _dl_find_object, where glibc has it (2.35 and later).
 *
 * The wheel's shim is linked against glibc 2.17 (docs/wheel.md), which has
 * no such function: the reference is weak, so an older glibc loads the
 * shim all the same and calls nothing that is not there, and each lookup
 * answers "in no object"; the callers then go without (docs/shim.md,
 * "glibc before 2.35").  Never: a lock taken by ct_find_object or
 * ct_object_map, which run inside the loader's own calls (its mmap) and
 * in signal handlers, where dl_iterate_phdr or dladdr could wait forever
 * on a lock this thread or an interrupted one holds.
 */
#include <string.h>
#include "findobj.h"

extern __typeof__(_dl_find_object) _dl_find_object __attribute__((weak));

static const struct link_map *ct_self_lm;   /* written once, by the constructor */

int ct_find_object(const void *addr, struct dl_find_object *fo)
{
	return _dl_find_object ? _dl_find_object((void *)addr, fo) : -1;
}

int ct_find_object_known(void)
{
	return _dl_find_object != NULL;
}

const struct link_map *ct_object_map(const void *addr)
{
	struct dl_find_object fo;

	return ct_find_object(addr, &fo) == 0 ? fo.dlfo_link_map : NULL;
}

/* dladdr1 takes the loader's lock, recursive: the same one a dlopen takes
 * first, and one the constructor's thread already holds. */
const struct link_map *ct_object_map_locking(const void *addr)
{
	Dl_info info;
	struct link_map *lm = NULL;

	if (ct_find_object_known())
		return ct_object_map(addr);
	if (!addr || !dladdr1(addr, &info, (void **)&lm, RTLD_DL_LINKMAP))
		return NULL;
	return lm;
}

struct ct_span_req {
	const struct link_map *lm;
	uintptr_t *span;
};

static int ct_span_cb(struct dl_phdr_info *info, size_t size, void *arg)
{
	struct ct_span_req *rq = arg;

	(void)size;
	if (info->dlpi_addr != rq->lm->l_addr || strcmp(info->dlpi_name, rq->lm->l_name) != 0)
		return 0;
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		uintptr_t lo = info->dlpi_addr + ph->p_vaddr;

		if (ph->p_type != PT_LOAD)
			continue;
		if (!rq->span[1] || lo < rq->span[0])
			rq->span[0] = lo;
		if (lo + ph->p_memsz > rq->span[1])
			rq->span[1] = lo + ph->p_memsz;
	}
	return 1;
}

int ct_object_span(const struct link_map *lm, uintptr_t span[2])
{
	struct ct_span_req rq = { lm, span };

	span[0] = span[1] = 0;
	return lm && dl_iterate_phdr(ct_span_cb, &rq) ? 0 : -1;
}

void ct_self_map_init(void)
{
	ct_self_lm = ct_object_map_locking((const void *)ct_self_map_init);
}

const struct link_map *ct_self_map(void)
{
	return ct_self_lm ? ct_self_lm : ct_object_map((const void *)ct_self_map);
}
