/*
 * kclock.c -- finds the vDSO's clock_gettime once, by the vDSO image's own
 * dynamic symbol table (getauxval(AT_SYSINFO_EHDR)), so that coldtrace's
 * times are the kernel's whatever the host preloads: libfaketime answers
 * clock_gettime and would date a record 2020.
 *
 * Never: a libc time function, an allocation, errno changed, a read outside
 * the vDSO's one loaded segment.
 */
#include <elf.h>
#include <errno.h>
#include <link.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "kclock.h"

#if defined(__x86_64__) || defined(__i386__)
#define CT_VDSO_GETTIME "__vdso_clock_gettime"
#elif defined(__aarch64__)
#define CT_VDSO_GETTIME "__kernel_clock_gettime"
#endif

/* What the lookup needs of the vDSO image. */
struct ct_vdso {
	const char *lo, *hi;        /* its loaded segment */
	uintptr_t bias;             /* load address minus link address */
	const ElfW(Sym) *sym;
	const char *str;
	size_t nsym;
};

/* Without a vDSO (valgrind hides it): the system call, on x86-64 inline
 * (no errno to keep, a few instructions where libc's would be a few). */
static int ct_kclock_sys(clockid_t id, struct timespec *ts)
{
#if defined(__x86_64__)
	long ret;

	__asm__ volatile("syscall" : "=a"(ret)
			 : "0"((long)SYS_clock_gettime), "D"((long)id), "S"(ts)
			 : "rcx", "r11", "memory");
	return (int)ret;
#else
	int saved = errno;
	int ret = (int)syscall(SYS_clock_gettime, (long)id, ts);

	errno = saved;
	return ret;
#endif
}

static int ct_kclock_first(clockid_t id, struct timespec *ts);
ct_kclock_fn *ct_kclock_get = ct_kclock_first;

/* The loaded segment and the dynamic section; -1 when the image is not
 * an ELF object of this process's class. */
static const ElfW(Dyn) *ct_vdso_segment(const ElfW(Ehdr) *eh, struct ct_vdso *v)
{
	const ElfW(Phdr) *ph = (const void *)((const char *)eh + eh->e_phoff);
	const ElfW(Dyn) *dyn = NULL;

	if (memcmp(eh->e_ident, ELFMAG, SELFMAG) != 0 ||
	    eh->e_ident[EI_CLASS] != (sizeof(void *) == 8 ? ELFCLASS64 : ELFCLASS32))
		return NULL;
	for (int i = 0; i < eh->e_phnum; i++) {
		if (ph[i].p_type == PT_LOAD && !v->lo) {
			v->bias = (uintptr_t)eh + ph[i].p_offset - ph[i].p_vaddr;
			v->lo = (const char *)eh;
			v->hi = v->lo + ph[i].p_offset + ph[i].p_memsz;
		} else if (ph[i].p_type == PT_DYNAMIC) {
			dyn = (const void *)((const char *)eh + ph[i].p_offset);
		}
	}
	return v->lo ? dyn : NULL;
}

/* The symbol and string tables; their length from DT_HASH's chain count,
 * else from where the string table starts (it follows the symbols). */
static int ct_vdso_tables(const ElfW(Ehdr) *eh, struct ct_vdso *v)
{
	const ElfW(Dyn) *d = ct_vdso_segment(eh, v);
	const uint32_t *hash = NULL;

	for (; d && d->d_tag != DT_NULL; d++) {
		if (d->d_tag == DT_SYMTAB)
			v->sym = (const void *)(v->bias + d->d_un.d_ptr);
		else if (d->d_tag == DT_STRTAB)
			v->str = (const char *)(v->bias + d->d_un.d_ptr);
		else if (d->d_tag == DT_HASH)
			hash = (const void *)(v->bias + d->d_un.d_ptr);
	}
	if (!v->sym || !v->str || (const char *)v->sym < v->lo || v->str >= v->hi)
		return -1;
	if (hash && (const char *)(hash + 2) <= v->hi)
		v->nsym = hash[1];
	else if (v->str > (const char *)v->sym)
		v->nsym = (size_t)(v->str - (const char *)v->sym) / sizeof(ElfW(Sym));
	return (const char *)(v->sym + v->nsym) <= v->hi ? 0 : -1;
}

static ct_kclock_fn *ct_vdso_gettime(void)
{
#ifdef CT_VDSO_GETTIME
	const ElfW(Ehdr) *eh = (const void *)getauxval(AT_SYSINFO_EHDR);
	struct ct_vdso v = { 0 };
	size_t len = sizeof(CT_VDSO_GETTIME);

	if (!eh || ct_vdso_tables(eh, &v) < 0)
		return NULL;
	for (size_t i = 0; i < v.nsym; i++) {
		const ElfW(Sym) *s = &v.sym[i];
		const char *name = v.str + s->st_name;

		if (ELF64_ST_TYPE(s->st_info) == STT_FUNC && s->st_shndx != SHN_UNDEF &&
		    name >= v.str && name + len <= v.hi && memcmp(name, CT_VDSO_GETTIME, len) == 0)
			return (ct_kclock_fn *)(v.bias + s->st_value);
	}
#endif
	return NULL;
}

/* The first call finds the clock for every later one; two threads that
 * race here store the same function. */
static int ct_kclock_first(clockid_t id, struct timespec *ts)
{
	ct_kclock_fn *fn = ct_vdso_gettime();

	if (!fn)
		fn = ct_kclock_sys;
	__atomic_store_n(&ct_kclock_get, fn, __ATOMIC_RELAXED);
	return fn(id, ts);
}
