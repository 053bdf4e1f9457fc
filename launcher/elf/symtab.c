/*
 * symtab.c -- function symbols of the objects named in call-site frames.
 *
 * One table per object path, read with pread from the section headers:
 * .symtab when the object keeps it (static functions too), else .dynsym.
 * A table is searched linearly for its first CT_SYM_SCANS frames and sorted
 * only when more come: a CUDA library's 100,000 symbols sorted for the two
 * frames a stack has in it was a third of a torch run's merge.  Among
 * symbols at one address the name that sorts first is taken, either way.
 * Never: trusting a section's size or link from the file without bounds.
 */
#include <elf.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "symtab.h"
#include "lib/readfile.h"

#define CT_SYM_OBJS 64
#define CT_SYM_MAX_BYTES (64u << 20)
#define CT_SYM_SCANS 16      /* ~log2 of a large table: scans cheaper than a sort */

struct ct_sym { uint64_t addr, size; const char *name; };

struct ct_symobj {
	char *path;
	struct ct_sym *syms;  /* sorted by addr, then name, once sorted is set */
	size_t n;
	char *strtab;
	unsigned lookups;
	int sorted;
};

static struct ct_symobj ct_objs[CT_SYM_OBJS];
static int ct_nobjs;

static void *ct_read_at(int fd, uint64_t off, uint64_t len)
{
	char *buf;

	if (len == 0 || len > CT_SYM_MAX_BYTES || !(buf = malloc(len + 1)))
		return NULL;
	if (pread(fd, buf, len, (off_t)off) != (ssize_t)len) {
		free(buf);
		return NULL;
	}
	buf[len] = '\0';
	return buf;
}

static int ct_sym_cmp(const void *a, const void *b)
{
	const struct ct_sym *x = a, *y = b;

	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	return strcmp(x->name, y->name);
}

/* Function symbols of section `sh` (a symbol table) with its string table. */
static void ct_load_table(struct ct_symobj *o, int fd, const Elf64_Shdr *shs,
			  int nsh, const Elf64_Shdr *sh)
{
	Elf64_Sym *raw;
	const Elf64_Shdr *str;
	size_t count;

	if (sh->sh_link >= (unsigned)nsh || sh->sh_entsize != sizeof(Elf64_Sym))
		return;
	str = &shs[sh->sh_link];
	raw = ct_read_at(fd, sh->sh_offset, sh->sh_size);
	o->strtab = ct_read_at(fd, str->sh_offset, str->sh_size);
	count = sh->sh_size / sizeof(Elf64_Sym);
	o->syms = raw && o->strtab ? calloc(count, sizeof(*o->syms)) : NULL;
	for (size_t i = 0; o->syms && i < count; i++) {
		if (ELF64_ST_TYPE(raw[i].st_info) != STT_FUNC || !raw[i].st_value ||
		    raw[i].st_name >= str->sh_size)
			continue;
		o->syms[o->n++] = (struct ct_sym){ raw[i].st_value, raw[i].st_size,
						   o->strtab + raw[i].st_name };
	}
	free(raw);
}

static void ct_load(struct ct_symobj *o, const char *path)
{
	int fd = ct_open_regular(path);
	Elf64_Ehdr eh;
	Elf64_Shdr *shs = NULL;
	const Elf64_Shdr *pick = NULL;

	o->path = strdup(path);
	if (fd < 0)
		return;
	if (pread(fd, &eh, sizeof(eh), 0) == sizeof(eh) &&
	    memcmp(eh.e_ident, ELFMAG, SELFMAG) == 0 && eh.e_ident[EI_CLASS] == ELFCLASS64 &&
	    eh.e_shentsize == sizeof(Elf64_Shdr) && eh.e_shnum > 0 && eh.e_shnum < 4096)
		shs = ct_read_at(fd, eh.e_shoff, (uint64_t)eh.e_shnum * sizeof(Elf64_Shdr));
	for (int i = 0; shs && i < eh.e_shnum; i++)
		if (shs[i].sh_type == SHT_SYMTAB || (shs[i].sh_type == SHT_DYNSYM && !pick))
			pick = &shs[i];
	if (pick)
		ct_load_table(o, fd, shs, eh.e_shnum, pick);
	free(shs);
	close(fd);
}

static struct ct_symobj *ct_obj(const char *path)
{
	for (int i = 0; i < ct_nobjs; i++)
		if (strcmp(ct_objs[i].path, path) == 0)
			return &ct_objs[i];
	if (ct_nobjs == CT_SYM_OBJS)
		return NULL;
	ct_load(&ct_objs[ct_nobjs], path);
	return ct_objs[ct_nobjs].path ? &ct_objs[ct_nobjs++] : NULL;
}

/* The symbol with the highest address at or below addr (a sorted table). */
static const struct ct_sym *ct_find_sorted(const struct ct_symobj *o, uint64_t addr)
{
	size_t lo = 0, hi = o->n;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (o->syms[mid].addr <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0)
		return NULL;
	while (lo > 1 && o->syms[lo - 2].addr == o->syms[lo - 1].addr)
		lo--;   /* the first name at that address */
	return &o->syms[lo - 1];
}

/* The same, by one pass over an unsorted table. */
static const struct ct_sym *ct_find_scan(const struct ct_symobj *o, uint64_t addr)
{
	const struct ct_sym *best = NULL;

	for (size_t i = 0; i < o->n; i++) {
		const struct ct_sym *s = &o->syms[i];

		if (s->addr <= addr && (!best || s->addr > best->addr ||
					(s->addr == best->addr && strcmp(s->name, best->name) < 0)))
			best = s;
	}
	return best;
}

/* The function holding addr, NULL when the nearest one below ends first. */
static const struct ct_sym *ct_find(struct ct_symobj *o, uint64_t addr)
{
	const struct ct_sym *s;

	if (!o->sorted && o->syms && ++o->lookups > CT_SYM_SCANS) {
		qsort(o->syms, o->n, sizeof(*o->syms), ct_sym_cmp);
		o->sorted = 1;
	}
	s = o->sorted ? ct_find_sorted(o, addr) : ct_find_scan(o, addr);
	if (s && s->size && addr >= s->addr + s->size)
		return NULL;
	return s;
}

void ct_symtab_frame(const char *frame, char *out, size_t n)
{
	const char *plus = strrchr(frame, '+');
	struct ct_symobj *o;
	const struct ct_sym *s;
	char path[4096];
	uint64_t off;

	snprintf(out, n, "%s", frame);
	if (!plus || strchr(frame, ' ') || (size_t)(plus - frame) >= sizeof(path) ||
	    sscanf(plus + 1, "0x%" SCNx64, &off) != 1)
		return;
	memcpy(path, frame, (size_t)(plus - frame));
	path[plus - frame] = '\0';
	if ((o = ct_obj(path)) && (s = ct_find(o, off)))
		snprintf(out, n, "%s %s+0x%" PRIx64, frame, s->name, off - s->addr);
}

void ct_symtab_reset(void)
{
	for (int i = 0; i < ct_nobjs; i++) {
		free(ct_objs[i].path);
		free(ct_objs[i].syms);
		free(ct_objs[i].strtab);
	}
	memset(ct_objs, 0, sizeof(ct_objs));
	ct_nobjs = 0;
}
