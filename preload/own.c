/*
 * own.c -- which objects a dlopen made inside another one (by an
 * initialiser) brought into the link map.
 *
 * The outer call's objects are already in the link map while their
 * initialisers run, so "new since the last look" is not the inner call's:
 * only the objects after the list's tail as it was when the inner call
 * began are.  Never: an outer call's object reported as the inner one's.
 */
#include <dlfcn.h>
#include <link.h>
#include "ct.h"

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
	const struct link_map *l = ct_self_map();

	if (!l)
		return NULL;
	for (; l->l_next; l = l->l_next)
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
