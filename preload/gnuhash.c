/*
 * gnuhash.c -- dlsym's answer for a name from the GNU hash tables of a run
 * of loaded objects: ~150 instructions a name where dlsym takes ~950.
 *
 * A name is looked for in each object of the run, in order, and answered
 * only when the run's last object is the first to have it and the loader
 * would take that definition as is (dlsym's pick: an unversioned symbol,
 * else the one non-hidden version; a function or data, defined).  Anything
 * else -- found first in an earlier object, an indirect or thread-local
 * symbol, several versions, an object without a GNU hash table -- is left
 * to dlsym.  Never: an answer dlsym would not give.
 */
#include <elf.h>
#include <string.h>
#include "gnuhash.h"

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

/* The first symbol of name's hash chain in t, 0 when the name is surely
 * not there (bloom filter, empty bucket). */
static uint32_t ct_gnuhash_chain(const struct ct_gnuhash *t, uint32_t h)
{
	const unsigned bits = sizeof(ElfW(Addr)) * 8;
	ElfW(Addr) word = t->bloom[(h / bits) & (t->head[2] - 1)];
	ElfW(Addr) mask = ((ElfW(Addr))1 << (h % bits)) |
			  ((ElfW(Addr))1 << ((h >> t->head[3]) % bits));
	uint32_t i;

	if ((word & mask) != mask)
		return 0;
	i = t->buckets[h % t->head[0]];
	return i < t->head[1] ? 0 : i;
}

/* Defined function or data, with an address of its own. */
static int ct_plain_def(const ElfW(Sym) *s)
{
	int type = ELF64_ST_TYPE(s->st_info);

	return s->st_shndx != SHN_UNDEF && s->st_shndx != SHN_ABS && s->st_value &&
	       (type == STT_FUNC || type == STT_OBJECT || type == STT_NOTYPE);
}

/* name in t as dlsym picks it: 1 (*p set), 0 not there, -1 dlsym must tell. */
static int ct_gnuhash_pick(const struct ct_gnuhash *t, const char *name, uint32_t h,
			   void **p)
{
	const ElfW(Sym) *versioned = NULL;
	int nver = 0;

	for (uint32_t i = ct_gnuhash_chain(t, h); i; i++) {
		const ElfW(Sym) *s = &t->sym[i];
		uint32_t ch = t->chain[i];

		if ((ch | 1) == (h | 1) && !strcmp(name, t->str + s->st_name)) {
			if (!ct_plain_def(s))
				return -1;
			if (!t->versym || (t->versym[i] & 0x7fff) < 2) {
				*p = (void *)(t->base + s->st_value);
				return 1;
			}
			if (!(t->versym[i] & 0x8000) && nver++ == 0)
				versioned = s;
		}
		if (ch & 1)
			break;
	}
	if (nver != 1)
		return nver ? -1 : 0;
	*p = (void *)(t->base + versioned->st_value);
	return 1;
}

void ct_objrun_init(struct ct_objrun *r, const struct link_map *first,
		    const struct link_map *last)
{
	int n = 0;

	/* nothing told until the run is read (one on the stack starts as garbage) */
	__atomic_store_n(&r->n, 0, __ATOMIC_RELAXED);
	for (const struct link_map *l = first; l; l = l->l_next) {
		if (n == CT_OBJRUN_MAX || ct_gnuhash_of(l, &r->obj[n]) != 0)
			return;
		n++;
		if (l == last) {
			__atomic_store_n(&r->n, n, __ATOMIC_RELEASE);
			return;
		}
	}
}

int ct_objrun_find(const struct ct_objrun *r, const char *name, void **p)
{
	int n = __atomic_load_n(&r->n, __ATOMIC_ACQUIRE);
	uint32_t h = ct_gnu_hash(name);

	*p = NULL;
	if (!n)
		return -1;
	for (int i = 0; i < n; i++) {
		int got = ct_gnuhash_pick(&r->obj[i], name, h, p);

		if (!got)
			continue;
		if (got > 0 && i == n - 1)
			return 1;
		*p = NULL;
		return -1;
	}
	return 0;
}
