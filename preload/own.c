/*
 * own.c -- which objects a dlopen made inside another one brought into the
 * link map: coldtrace's own (pyhook), or an initialiser's.
 *
 * An own load can run inside a workload dlopen: an initialiser that starts
 * a thread (OpenBLAS) makes the shim capture its first stack there, and the
 * workload's objects are already in the link map while their initialisers
 * run.  So "new since the last look" is not "ours": only the objects of the
 * own handle's DT_NEEDED closure are, as the loader's dynamic sections say
 * (read in memory, no file I/O).  Never: a workload object claimed because
 * of when the own load happened.
 */
#include <dlfcn.h>
#include <elf.h>
#include <link.h>
#include <string.h>
#include "ct.h"

/* A dynamic section's string table.  glibc relocates d_ptr in place
 * unless the section is read-only; a relative value is below the base. */
static const char *ct_dyn_strtab(const struct link_map *lm)
{
	for (const ElfW(Dyn) *d = lm->l_ld; d && d->d_tag != DT_NULL; d++)
		if (d->d_tag == DT_STRTAB)
			return (const char *)(d->d_un.d_ptr < lm->l_addr
					      ? lm->l_addr + d->d_un.d_ptr : d->d_un.d_ptr);
	return NULL;
}

/* The name a DT_NEEDED entry matches: DT_SONAME, else the file's base name. */
static const char *ct_lm_soname(const struct link_map *lm)
{
	const char *str = ct_dyn_strtab(lm), *slash;

	for (const ElfW(Dyn) *d = lm->l_ld; str && d && d->d_tag != DT_NULL; d++)
		if (d->d_tag == DT_SONAME)
			return str + d->d_un.d_val;
	slash = strrchr(lm->l_name, '/');
	return slash ? slash + 1 : lm->l_name;
}

static int ct_own_holds(const struct ct_own *own, const struct link_map *lm)
{
	for (int i = 0; i < own->n; i++)
		if (own->lm[i] == lm)
			return 1;
	return 0;
}

/* The loaded object a DT_NEEDED name resolved to, in lm's namespace. */
static const struct link_map *ct_lm_find(const struct link_map *lm, const char *name)
{
	const struct link_map *l = lm;
	int path = strchr(name, '/') != NULL;

	while (l->l_prev)
		l = l->l_prev;
	for (; l; l = l->l_next)
		if (l->l_name[0] && !strcmp(path ? l->l_name : ct_lm_soname(l), name))
			return l;
	return NULL;
}

static void ct_own_add(struct ct_own *own, const struct link_map *lm)
{
	if (lm && own->n < CT_OWN_MAX && !ct_own_holds(own, lm))
		own->lm[own->n++] = lm;
}

/* Breadth first over DT_NEEDED from the handle's object. */
void ct_own_closure(void *handle, struct ct_own *own)
{
	struct link_map *root = NULL;

	own->n = 0;
	if (!handle || dlinfo(handle, RTLD_DI_LINKMAP, &root) != 0 || !root)
		return;
	ct_own_add(own, root);
	for (int i = 0; i < own->n; i++) {
		const struct link_map *lm = own->lm[i];
		const char *str = ct_dyn_strtab(lm);

		for (const ElfW(Dyn) *d = lm->l_ld; str && d && d->d_tag != DT_NULL; d++)
			if (d->d_tag == DT_NEEDED)
				ct_own_add(own, ct_lm_find(lm, str + d->d_un.d_val));
	}
}

/* A dlopen nested in another on the same thread holds the loader's lock
 * throughout: the objects it mapped are the ones after the list's tail as
 * it was when the call began. */
void ct_own_after(const struct link_map *tail, struct ct_own *own)
{
	own->n = 0;
	for (const struct link_map *l = tail ? tail->l_next : NULL; l && own->n < CT_OWN_MAX;
	     l = l->l_next)
		own->lm[own->n++] = l;
}

const struct link_map *ct_own_tail(void)
{
	struct dl_find_object fo;
	const struct link_map *l;

	if (_dl_find_object((void *)ct_own_tail, &fo) != 0 || !fo.dlfo_link_map)
		return NULL;
	for (l = fo.dlfo_link_map; l->l_next; l = l->l_next)
		;
	return l;
}

int ct_own_has(const struct ct_own *own, uintptr_t addr, const char *name)
{
	for (int i = 0; i < own->n; i++)
		if (own->lm[i]->l_addr == addr && own->lm[i]->l_name == name)
			return 1;
	return 0;
}
