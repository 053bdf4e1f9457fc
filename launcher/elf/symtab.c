/*
 * symtab.c -- function symbols of the objects named in call-site frames.
 *
 * One table per object path, found through the section headers of the
 * file mapped read-only: .symtab when the object keeps it (static
 * functions too), else .dynsym.  Only the pages read are touched: a C++
 * library's string table is megabytes (8 MB for libtorch_python.so) for
 * the few names frames need, and copying the symbol tables out with pread
 * cost a torch run's merge 440 page faults.  A table is searched linearly for its first
 * CT_SYM_SCANS frames and sorted only when more come: libtorch_python.so's
 * 67,000 symbols sorted for the few frames stacks have in it was a third
 * of a torch run's merge.  Among symbols at one address the name that
 * sorts first is taken, either way.  Each frame is named once: a torch
 * run's 640 frames are 62 distinct ones.
 * A file rewritten in place while it is mapped (a library rebuilt or
 * copied over during the merge) makes reads past its new end fault with
 * SIGBUS: the frame being named stays unnamed and the object is dropped
 * (its later frames unnamed too), the launcher and its record go on, and
 * ct_symtab_faulted names it for the record's warnings.
 * Never: trusting a section's size, link or name offset from the file
 * without bounds.
 */
#include <elf.h>
#include <fcntl.h>
#include <inttypes.h>
#include <setjmp.h>
#include <signal.h>
#include <stdalign.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include "elfhdr.h"
#include "symtab.h"
#include "lib/map.h"
#include "lib/readfile.h"

#define CT_SYM_OBJS 64
#define CT_SYM_MAX_BYTES (64u << 20)
#define CT_SYM_SCANS 16      /* ~log2 of a large table: scans cheaper than a sort */
#define CT_SYM_NAME_MAX 4096
#define CT_NAMED_MAX (CT_SYM_NAME_MAX + 4096 + 64)   /* frame, name, offset */

struct ct_sym { uint64_t addr, size; uint32_t name; };   /* name: string table offset */

struct ct_symobj {
	char *path;
	int faulted;                /* its file cut short under the mapping */
	const unsigned char *map;   /* the file, while names may be read; NULL none */
	size_t map_len;
	struct ct_sym *syms;  /* sorted by addr once sorted is set */
	size_t n;
	uint64_t str_off, str_size;   /* the string table in the file */
	unsigned lookups;
	int sorted;
};

static struct ct_symobj ct_objs[CT_SYM_OBJS];
static int ct_nobjs;

/* A frame already named: the map's key is `frame`. */
struct ct_named { char *text; char frame[]; };
static struct ct_map ct_named_map;

/* Armed while a mapped file is read: its SIGBUS jumps back to ct_bus_jmp. */
static sigjmp_buf ct_bus_jmp;
static volatile sig_atomic_t ct_bus_armed;

/* The section's bytes in the mapped file; NULL when they lie outside it. */
static const void *ct_section(const struct ct_symobj *o, uint64_t off, uint64_t len)
{
	if (len == 0 || len > CT_SYM_MAX_BYTES || off > o->map_len || len > o->map_len - off)
		return NULL;
	return o->map + off;
}

/* The symbol's name into buf ("" when it cannot be read). */
static const char *ct_sym_name(const struct ct_symobj *o, const struct ct_sym *s, char *buf,
			       size_t n)
{
	const char *str = ct_section(o, o->str_off, o->str_size);
	size_t len = o->str_size - s->name < n - 1 ? (size_t)(o->str_size - s->name) : n - 1;

	len = str ? strnlen(str + s->name, len) : 0;
	if (len)
		memcpy(buf, str + s->name, len);
	buf[len] = '\0';
	return buf;
}

static int ct_sym_cmp(const void *a, const void *b)
{
	const struct ct_sym *x = a, *y = b;

	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	return (x->name > y->name) - (x->name < y->name);
}

/* Function symbols of section `sh` (a symbol table) with its string table. */
static void ct_load_table(struct ct_symobj *o, const Elf64_Shdr *shs, int nsh,
			  const Elf64_Shdr *sh)
{
	const Elf64_Sym *raw;
	const Elf64_Shdr *str;
	size_t count;

	if (sh->sh_link >= (unsigned)nsh || sh->sh_entsize != sizeof(Elf64_Sym))
		return;
	str = &shs[sh->sh_link];
	raw = ct_section(o, sh->sh_offset, sh->sh_size);
	count = sh->sh_size / sizeof(Elf64_Sym);
	o->syms = raw ? calloc(count, sizeof(*o->syms)) : NULL;
	o->str_off = str->sh_offset;
	o->str_size = str->sh_size;
	for (size_t i = 0; o->syms && i < count; i++) {
		if (ELF64_ST_TYPE(raw[i].st_info) != STT_FUNC || !raw[i].st_value ||
		    raw[i].st_name >= str->sh_size)
			continue;
		o->syms[o->n++] = (struct ct_sym){ raw[i].st_value, raw[i].st_size, raw[i].st_name };
	}
}

static void ct_map_file(struct ct_symobj *o, const char *path)
{
	int fd = ct_open_regular(path);
	struct stat st;
	void *map;

	if (fd < 0)
		return;
	if (fstat(fd, &st) == 0 && st.st_size >= (off_t)sizeof(Elf64_Ehdr)) {
		map = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
		if (map != MAP_FAILED) {
			o->map = map;
			o->map_len = (size_t)st.st_size;
		}
	}
	close(fd);
}

static void ct_load(struct ct_symobj *o, const char *path)
{
	const Elf64_Shdr *shs = NULL, *pick = NULL;
	struct ct_elfhdr eh = { 0 };

	o->path = strdup(path);
	ct_map_file(o, path);
	if (!o->map)
		return;
	if (ct_elfhdr_parse(o->map, o->map_len, &eh) == 0 && eh.is64 &&
	    eh.shentsize == sizeof(Elf64_Shdr) && eh.shnum > 0 && eh.shnum < 4096 &&
	    eh.shoff % alignof(Elf64_Shdr) == 0)
		shs = ct_section(o, eh.shoff, (uint64_t)eh.shnum * sizeof(Elf64_Shdr));
	for (int i = 0; shs && i < (int)eh.shnum; i++)
		if (shs[i].sh_type == SHT_SYMTAB || (shs[i].sh_type == SHT_DYNSYM && !pick))
			pick = &shs[i];
	if (pick && pick->sh_offset % alignof(Elf64_Sym) == 0)
		ct_load_table(o, shs, (int)eh.shnum, pick);
	if (!o->n) {
		munmap((void *)o->map, o->map_len);
		o->map = NULL;
	}
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

/* The first symbol with the highest address at or below addr (sorted). */
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
		lo--;
	return &o->syms[lo - 1];
}

/* The same, by one pass over an unsorted table. */
static const struct ct_sym *ct_find_scan(const struct ct_symobj *o, uint64_t addr)
{
	const struct ct_sym *best = NULL;

	for (size_t i = 0; i < o->n; i++)
		if (o->syms[i].addr <= addr && (!best || o->syms[i].addr > best->addr))
			best = &o->syms[i];
	return best;
}

/* Of the symbols at s's address, the name that sorts first into buf; NULL
 * when the function at that address ends before addr. */
static const char *ct_best_name(const struct ct_symobj *o, const struct ct_sym *s,
				uint64_t addr, char *buf, size_t n)
{
	char other[CT_SYM_NAME_MAX];

	if (s->size && addr >= s->addr + s->size)
		return NULL;
	ct_sym_name(o, s, buf, n);
	/* sorted: s starts the run of its address; else look everywhere */
	for (size_t i = o->sorted ? (size_t)(s - o->syms) + 1 : 0; i < o->n; i++) {
		if (o->syms[i].addr != s->addr) {
			if (o->sorted)
				break;
			continue;
		}
		if (&o->syms[i] != s &&
		    strcmp(ct_sym_name(o, &o->syms[i], other, sizeof(other)), buf) < 0)
			snprintf(buf, n, "%s", other);
	}
	return buf;
}

/* The function holding addr: its name into buf, NULL when none. */
static const char *ct_find(struct ct_symobj *o, uint64_t addr, uint64_t *start, char *buf,
			   size_t n)
{
	const struct ct_sym *s;

	if (!o->sorted && o->syms && ++o->lookups > CT_SYM_SCANS) {
		qsort(o->syms, o->n, sizeof(*o->syms), ct_sym_cmp);
		o->sorted = 1;
	}
	s = o->sorted ? ct_find_sorted(o, addr) : ct_find_scan(o, addr);
	if (!s)
		return NULL;
	*start = s->addr;
	return ct_best_name(o, s, addr, buf, n);
}

/* The object's table and mapping let go; its path stays when `keep_path`
 * (still listed: found again, never named). */
static void ct_drop(struct ct_symobj *o, int keep_path)
{
	char *path = keep_path ? o->path : (free(o->path), NULL);

	free(o->syms);
	if (o->map)
		munmap((void *)o->map, o->map_len);
	memset(o, 0, sizeof(*o));
	o->path = path;
}

/* The object whose file faulted while ct_name_at read it: `o` when it was
 * listed, else the slot ct_obj was loading, listed now. */
static void ct_fault(struct ct_symobj *o)
{
	if (!o && ct_objs[ct_nobjs].path)
		o = &ct_objs[ct_nobjs++];
	if (!o) {
		ct_drop(&ct_objs[ct_nobjs], 0);
		return;
	}
	ct_drop(o, 1);
	o->faulted = 1;
}

static void ct_on_bus(int sig)
{
	if (ct_bus_armed)
		siglongjmp(ct_bus_jmp, 1);
	signal(sig, SIG_DFL);   /* not ours: the fault comes again, as if unhandled */
}

/* The function at path+off into out after the frame; nothing added when
 * it cannot be told, or when the file faults under the reads. */
static void ct_name_at(const char *frame, const char *path, uint64_t off, char *out, size_t n)
{
	static int handler;
	struct ct_symobj *volatile o = NULL;   /* read after the jump */
	const char *name;
	char buf[CT_SYM_NAME_MAX];
	uint64_t start;

	if (!handler)
		handler = sigaction(SIGBUS, &(struct sigaction){ .sa_handler = ct_on_bus }, NULL) == 0;
	if (sigsetjmp(ct_bus_jmp, 1)) {
		ct_bus_armed = 0;
		ct_fault(o);
		return;
	}
	ct_bus_armed = handler;
	if ((o = ct_obj(path)) && (name = ct_find(o, off, &start, buf, sizeof(buf))) && name[0])
		snprintf(out, n, "%s %s+0x%" PRIx64, frame, name, off - start);
	ct_bus_armed = 0;
}

static void ct_name_frame(const char *frame, char *out, size_t n)
{
	const char *plus = strrchr(frame, '+');
	char path[4096];
	uint64_t off;

	snprintf(out, n, "%s", frame);
	if (!plus || strchr(frame, ' ') || (size_t)(plus - frame) >= sizeof(path) ||
	    sscanf(plus + 1, "0x%" SCNx64, &off) != 1)
		return;
	memcpy(path, frame, (size_t)(plus - frame));
	path[plus - frame] = '\0';
	ct_name_at(frame, path, off, out, n);
}

/* The frame's name, remembered (a frame that cannot be remembered for
 * lack of memory is named again next time). */
void ct_symtab_frame(const char *frame, char *out, size_t n)
{
	struct ct_named *m = ct_map_sget(&ct_named_map, frame);
	char named[CT_NAMED_MAX];
	size_t len = strlen(frame);

	if (!m) {
		ct_name_frame(frame, named, sizeof(named));
		m = malloc(sizeof(*m) + len + 1);
		if (m && (m->text = strdup(named))) {
			memcpy(m->frame, frame, len + 1);
			if (ct_map_sput(&ct_named_map, m->frame, m) == 0) {
				snprintf(out, n, "%s", m->text);
				return;
			}
			free(m->text);
		}
		free(m);
		snprintf(out, n, "%s", named);
		return;
	}
	snprintf(out, n, "%s", m->text);
}

const char *ct_symtab_faulted(int *i)
{
	while (*i < ct_nobjs)
		if (ct_objs[(*i)++].faulted)
			return ct_objs[*i - 1].path;
	return NULL;
}

void ct_symtab_reset(void)
{
	for (int i = 0; i < ct_nobjs; i++)
		ct_drop(&ct_objs[i], 0);
	ct_nobjs = 0;
	for (size_t i = 0; i < ct_named_map.cap; i++) {
		struct ct_named *m = ct_named_map.slots[i].val;

		if (m) {
			free(m->text);
			free(m);
		}
	}
	ct_map_free(&ct_named_map);
}
