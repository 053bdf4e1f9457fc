/*
 * scope.c -- a CPython symbol's address as dlsym(RTLD_DEFAULT) gives it,
 * read from the loaded objects' GNU hash tables: ~100 instructions a name
 * where dlsym takes ~950, for the 45 names pyhook needs at start-up.
 *
 * The interpreter is the object that defines a symbol dlsym already found
 * (the anchor).  A name is looked for in the link map from its head up to
 * the interpreter, in order: the objects loaded before it include every
 * one that precedes it in the global scope.  Only a plain definition found
 * in the interpreter itself is answered here; anything else (a definition
 * in an earlier object, which may or may not be in the global scope; a
 * versioned or indirect symbol; an object without a GNU hash table; a name
 * not found) is asked of dlsym.
 */
#include <dlfcn.h>
#include <link.h>
#include <string.h>

#include "pyhook.h"

#define CT_SCOPE_MAX 64   /* objects up to the interpreter; more: dlsym only */

struct ct_gnuhash {
	const uint32_t *head;        /* nbuckets, symoffset, bloom size, shift */
	const ElfW(Addr) *bloom;
	const uint32_t *buckets, *chain;
	const ElfW(Sym) *sym;
	const char *str;
	const ElfW(Half) *versym;    /* NULL: the object has no versions */
	ElfW(Addr) base;
};

static struct ct_gnuhash ct_scope[CT_SCOPE_MAX];
static int ct_nscope;   /* 0: not usable, every name goes to dlsym */

/* glibc relocates a writable dynamic section's addresses in place; a
 * read-only one (the vDSO's) keeps them relative. */
static const void *ct_dyn_addr(const struct link_map *lm, ElfW(Addr) p)
{
	return (const void *)(p < lm->l_addr ? lm->l_addr + p : p);
}

/* The object's tables; 0, or -1 when it has no GNU hash table. */
static int ct_gnuhash_of(const struct link_map *lm, struct ct_gnuhash *t)
{
	*t = (struct ct_gnuhash){ .base = lm->l_addr };
	for (const ElfW(Dyn) *d = lm->l_ld; d && d->d_tag != DT_NULL; d++) {
		if (d->d_tag == DT_GNU_HASH)
			t->head = ct_dyn_addr(lm, d->d_un.d_ptr);
		else if (d->d_tag == DT_SYMTAB)
			t->sym = ct_dyn_addr(lm, d->d_un.d_ptr);
		else if (d->d_tag == DT_STRTAB)
			t->str = ct_dyn_addr(lm, d->d_un.d_ptr);
		else if (d->d_tag == DT_VERSYM)
			t->versym = ct_dyn_addr(lm, d->d_un.d_ptr);
	}
	if (!t->head || !t->sym || !t->str || !t->head[0] || !t->head[2])
		return -1;
	t->bloom = (const ElfW(Addr) *)(t->head + 4);
	t->buckets = (const uint32_t *)(t->bloom + t->head[2]);
	t->chain = t->buckets + t->head[0] - t->head[1];
	return 0;
}

static uint32_t ct_gnu_hash(const char *s)
{
	uint32_t h = 5381;

	for (; *s; s++)
		h = h * 33 + (unsigned char)*s;
	return h;
}

/* The symbol table entry named `name` in t, or NULL. */
static const ElfW(Sym) *ct_gnuhash_find(const struct ct_gnuhash *t, const char *name,
					uint32_t h)
{
	const unsigned bits = sizeof(ElfW(Addr)) * 8;
	ElfW(Addr) word = t->bloom[(h / bits) & (t->head[2] - 1)];
	ElfW(Addr) mask = ((ElfW(Addr))1 << (h % bits)) |
			  ((ElfW(Addr))1 << ((h >> t->head[3]) % bits));
	uint32_t i;

	if ((word & mask) != mask)
		return NULL;
	i = t->buckets[h % t->head[0]];
	if (i < t->head[1])
		return NULL;
	for (;; i++) {
		uint32_t ch = t->chain[i];

		if ((ch | 1) == (h | 1) && !strcmp(name, t->str + t->sym[i].st_name))
			return &t->sym[i];
		if (ch & 1)
			return NULL;
	}
}

/* A definition dlsym would take as is: not undefined, not indirect, not
 * thread-local, not versioned. */
static int ct_plain_def(const struct ct_gnuhash *t, const ElfW(Sym) *s)
{
	int type = ELF64_ST_TYPE(s->st_info);

	return s->st_shndx != SHN_UNDEF && s->st_value &&
	       (type == STT_FUNC || type == STT_OBJECT || type == STT_NOTYPE) &&
	       (!t->versym || (t->versym[s - t->sym] & 0x7fff) <= 1);
}

/* Reads the tables of the objects from the link map's head to the one
 * defining anchor; with none usable, ct_scope_sym is dlsym. */
void ct_scope_init(const void *anchor)
{
	struct dl_find_object fo;
	const struct link_map *lm, *head;
	int n = 0;

	ct_nscope = 0;
	if (!anchor || _dl_find_object((void *)anchor, &fo) != 0 || !fo.dlfo_link_map)
		return;
	for (head = fo.dlfo_link_map; head->l_prev; head = head->l_prev)
		n++;
	if (n >= CT_SCOPE_MAX)
		return;
	for (lm = head, n = 0; lm; lm = lm->l_next, n++) {
		if (ct_gnuhash_of(lm, &ct_scope[n]) != 0)
			return;
		if (lm == fo.dlfo_link_map)
			break;
	}
	ct_nscope = n + 1;
}

/* 1: *p is the interpreter's plain definition of name, and no object
 * before it has the name; 0: no object up to the interpreter has it; -1:
 * dlsym must say (found first elsewhere, or not plain, or no tables). */
static int ct_scope_find(const char *name, void **p)
{
	uint32_t h = ct_gnu_hash(name);

	*p = NULL;
	if (!ct_nscope)
		return -1;
	for (int i = 0; i < ct_nscope; i++) {
		const ElfW(Sym) *s = ct_gnuhash_find(&ct_scope[i], name, h);

		if (!s)
			continue;
		if (i < ct_nscope - 1 || !ct_plain_def(&ct_scope[i], s))
			return -1;
		*p = (void *)(ct_scope[i].base + s->st_value);
		return 1;
	}
	return 0;
}

/* name, else its older spelling alt (NULL: none).  Where the interpreter
 * defines alt and no object up to it has name, alt's definition is taken
 * without asking dlsym whether an object after the interpreter has name. */
void *ct_scope_sym(const char *name, const char *alt)
{
	void *p;
	int r = ct_scope_find(name, &p);

	if (r > 0 || (r == 0 && alt && ct_scope_find(alt, &p) > 0))
		return p;
	p = dlsym(RTLD_DEFAULT, name);
	return p || !alt ? p : dlsym(RTLD_DEFAULT, alt);
}
