/*
 * scope.c -- CPython's functions as dlsym(RTLD_DEFAULT) finds them, mostly
 * without dlsym (preload/gnuhash.h): ~250 instructions a name where dlsym
 * takes ~950, for the 45 names pyhook needs at start-up.
 *
 * The run looked at goes from the link map's head to the interpreter, the
 * object that defines a function dlsym already found (the anchor): the
 * objects loaded before the interpreter include every one that precedes it
 * in the global scope, so the interpreter's definition of a name none of
 * them has is the one dlsym would give.
 */
#include <dlfcn.h>

#include "pyhook.h"
#include "findobj.h"
#include "gnuhash.h"

static struct ct_objrun ct_scope __attribute__((aligned(4096)));   /* a page of its own: see CT_PAGE_ALIGNED (preload/ct.h) */

/* From the shim's constructor (ct_pyhook_init), which may take the
 * loader's lock. */
void ct_scope_init(const void *anchor)
{
	const struct link_map *interp = anchor ? ct_object_map_locking(anchor) : NULL;
	const struct link_map *head;

	if (!interp)
		return;
	for (head = interp; head->l_prev; head = head->l_prev)
		;
	ct_objrun_init(&ct_scope, head, interp);
}

/* name, else its older spelling alt (NULL: none).  Where the interpreter
 * defines alt and no object up to it has name, alt's definition is taken
 * without asking dlsym whether an object after the interpreter has name. */
void *ct_scope_sym(const char *name, const char *alt)
{
	void *p;
	int r = ct_objrun_find(&ct_scope, name, &p);

	if (r > 0 || (r == 0 && alt && ct_objrun_find(&ct_scope, alt, &p) > 0))
		return p;
	p = dlsym(RTLD_DEFAULT, name);
	return p || !alt ? p : dlsym(RTLD_DEFAULT, alt);
}
