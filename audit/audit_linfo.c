/*
 * audit_linfo.c -- ld.so's own table of an object's dynamic entries
 * (struct link_map's private l_info[]), found and checked against the
 * object's dynamic array, for the initialiser wrapping (audit_init.c).
 *
 * l_info is private to glibc: its offset is searched for in the words
 * after the public struct link_map and accepted only where every entry
 * the object's dynamic array holds (DT_STRTAB and DT_SYMTAB at least) is
 * pointed at by l_info[tag], and only on glibc builds whose call_init was
 * read (ct_linfo_glibc).  Never: a write here, a pointer followed before
 * it was found inside the object's own dynamic array.
 */
#include <gnu/libc-version.h>
#include <string.h>

#include "audit_linfo.h"

#define CT_LINFO_FIRST 5    /* the public part: l_addr, l_name, l_ld, l_next, l_prev */
#define CT_LINFO_LAST 40    /* glibc 2.36: word 8 (l_real, l_ns, l_libname before it) */
#define CT_LINFO_TAGS DT_ENCODING   /* the tags every glibc stores at their number */

static int ct_linfo_word = -1;

/* Where call_init (elf/dl-init.c) runs DT_INIT then DT_INIT_ARRAY with
 * (argc, argv, envp), each address relocated by l_addr. */
static const char *const ct_linfo_glibc[] = { "2.36" };

const char *ct_linfo_refusal(void)
{
#if defined(__x86_64__) || defined(__aarch64__)
	const char *v = gnu_get_libc_version();
	size_t i;

	for (i = 0; i < sizeof(ct_linfo_glibc) / sizeof(ct_linfo_glibc[0]); i++)
		if (!strcmp(v, ct_linfo_glibc[i]))
			return NULL;
	return "glibc version not verified";
#else
	return "architecture not verified";
#endif
}

static int ct_in_dyn(const ElfW(Dyn) *p, const ElfW(Dyn) *ld, const ElfW(Dyn) *end)
{
	return p >= ld && p < end;
}

/* ld.so points l_info[DT_SYMBOLIC], [DT_TEXTREL] and [DT_BIND_NOW] at
 * the DT_FLAGS entry when its flags say the same. */
static int ct_linfo_tag_ok(const ElfW(Dyn) *p, ElfW(Sxword) tag)
{
	return p->d_tag == tag || (p->d_tag == DT_FLAGS &&
				   (tag == DT_SYMBOLIC || tag == DT_TEXTREL || tag == DT_BIND_NOW));
}

/* info is l_info when each small tag of the dynamic array is pointed at by
 * info[tag] (the last entry of a repeated tag: any of them is accepted). */
static int ct_linfo_ok(const struct link_map *map, ElfW(Dyn) *const *info)
{
	const ElfW(Dyn) *ld = map->l_ld, *end = ld, *d;
	int strtab = 0, symtab = 0;

	while (end->d_tag != DT_NULL)
		end++;
	for (d = ld; d < end; d++) {
		if (d->d_tag < 0 || d->d_tag >= CT_LINFO_TAGS || d->d_tag == DT_RPATH)
			continue;
		if (!ct_in_dyn(info[d->d_tag], ld, end) || !ct_linfo_tag_ok(info[d->d_tag], d->d_tag))
			return 0;
		strtab |= d->d_tag == DT_STRTAB;
		symtab |= d->d_tag == DT_SYMTAB;
	}
	return strtab && symtab;
}

ElfW(Dyn) **ct_linfo(struct link_map *map)
{
	ElfW(Dyn) **words = (ElfW(Dyn) **)(void *)map;
	int w;

	if (!map->l_ld)
		return NULL;
	if (ct_linfo_word >= 0)   /* one layout per ld.so: an object that disagrees is refused */
		return ct_linfo_ok(map, words + ct_linfo_word) ? words + ct_linfo_word : NULL;
	for (w = CT_LINFO_FIRST; w < CT_LINFO_LAST; w++)
		if (ct_linfo_ok(map, words + w)) {
			ct_linfo_word = w;
			return words + w;
		}
	return NULL;
}
