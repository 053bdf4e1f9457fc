/*
 * sanexec.c -- the sanitizer runtime that a program about to be exec'd or
 * spawned needs first in the loader's list; and whether it is a 32-bit
 * program, which cannot load the shim at all.
 *
 * A program linked with a shared sanitizer runtime (DT_NEEDED
 * libasan.so.8, libtsan.so.2, libclang_rt.asan-x86_64.so ...) refuses to
 * run unless that runtime is the first object the loader maps after it,
 * and the shim in LD_PRELOAD would come before it; env.c then puts the
 * runtime's name in front of the shim.  The program is found as the exec
 * will find it: a bare name along the caller's PATH for execvp and
 * posix_spawnp (the first regular file this process may execute, as
 * glibc's search), a script's "#!" interpreter in its place (up to 4
 * deep, as the kernel).  Its ELF headers are read with a stat, an open
 * and three or four preads of at most 2 KiB: 3.4 KiB of stack, so that a
 * fork child, which copies each stack page it writes, writes few.
 *
 * A vfork child, on its parent's memory, runs this too.  Never: an
 * allocation, a lock, a write anywhere but this stack, a changed errno,
 * an open of anything but a regular file (a FIFO's writer would wake), a
 * host string read before the kernel showed it readable.  A file that
 * cannot be read or understood needs no runtime: the exec goes as it
 * would have.
 */
#include <elf.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "ct.h"
#include "sanrt.h"

#define CT_SX_WIN   2048u   /* bytes of the window on the file: the ELF header
			     * and up to 35 program headers */
#define CT_SX_DYN   256     /* dynamic entries looked at */
#define CT_SX_CHUNK 48      /* of them read at once (most programs have fewer) */
#define CT_SX_HOPS  4       /* "#!" interpreters followed */
#define CT_SX_LINE  256     /* bytes of a "#!" line the kernel reads */

/* A window on an open program file: the bytes of it last read, into a
 * buffer on the caller's stack. */
struct ct_sx_file {
	int fd;
	uint64_t off;                 /* file offset of win[0] */
	size_t len;                   /* bytes of win read */
	size_t size;                  /* of win */
	unsigned char *win;
};

/* n bytes at file offset off: from the window, or read into it anew
 * (from off); NULL when the file has not that many there. */
static const void *ct_sx_at(struct ct_sx_file *f, uint64_t off, size_t n)
{
	ssize_t r;

	if (off >= f->off && off - f->off <= f->len && n <= f->len - (off - f->off))
		return f->win + (off - f->off);
	if (n > f->size)
		return NULL;
	r = ct_sys_pread(f->fd, f->win, f->size, off);
	f->off = off;
	f->len = r > 0 ? (size_t)r : 0;
	return n <= f->len ? f->win : NULL;
}

/* The NUL-terminated string at file offset off, or NULL. */
static const char *ct_sx_str(struct ct_sx_file *f, uint64_t off)
{
	const char *s = ct_sx_at(f, off, 1);

	if (s && memchr(s, '\0', f->len - (off - f->off)))
		return s;
	if (f->off == off)
		return NULL;
	f->len = 0;   /* read again from off: the string may go on past the window */
	s = ct_sx_at(f, off, 1);
	return s && memchr(s, '\0', f->len) ? s : NULL;
}

/* File offset of a virtual address, through the PT_LOAD that holds it. */
static int ct_sx_offset(const Elf64_Phdr *ph, int n, uint64_t va, uint64_t *off)
{
	for (int i = 0; i < n; i++)
		if (ph[i].p_type == PT_LOAD && va >= ph[i].p_vaddr &&
		    va - ph[i].p_vaddr < ph[i].p_filesz) {
			*off = va - ph[i].p_vaddr + ph[i].p_offset;
			return 0;
		}
	return -1;
}

/* The dynamic section, read through a window of its own (the program
 * headers stay in the file's). */
struct ct_sx_dyn {
	struct ct_sx_file w;
	uint64_t off;   /* of the section in the file */
	int n;          /* entries looked at */
};

/* Entry i of the dynamic section; NULL past it, past what could be read,
 * or at DT_NULL.  A window's reads start at an entry, so entries in it
 * are aligned. */
static const Elf64_Dyn *ct_sx_dyn_at(struct ct_sx_dyn *d, int i)
{
	const Elf64_Dyn *e = i < d->n ? ct_sx_at(&d->w, d->off + (uint64_t)i * sizeof(*e),
						 sizeof(*e)) : NULL;

	return e && e->d_tag != DT_NULL ? e : NULL;
}

/* The first DT_NEEDED that is a sanitizer runtime, into rt. */
static int ct_sx_needed(struct ct_sx_file *f, struct ct_sx_dyn *d, uint64_t stroff,
			char *rt, size_t n)
{
	const Elf64_Dyn *e;

	for (int i = 0; (e = ct_sx_dyn_at(d, i)); i++) {
		const char *name;

		if (e->d_tag != DT_NEEDED || e->d_un.d_val > UINT64_MAX - stroff)
			continue;
		name = ct_sx_str(f, stroff + e->d_un.d_val);
		if (name && ct_sanitizer_rt(name))
			return ct_strlcpy(rt, name, n) < n;
	}
	return 0;
}

/* CT_TARGET_RT with the runtime's name in rt when the ELF program f needs
 * one, CT_TARGET_LOADS when it has a loader; CT_TARGET_32BIT for a 32-bit
 * one.  The program headers stay in the window until the dynamic
 * section, read apart in chunks, has named the string table. */
static int ct_sx_elf(struct ct_sx_file *f, char *rt, size_t n)
{
	const Elf64_Ehdr *eh = ct_sx_at(f, 0, sizeof(*eh));
	const Elf64_Phdr *ph;
	const Elf64_Dyn *e;
	Elf64_Dyn chunk[CT_SX_CHUNK];
	struct ct_sx_dyn d = { { f->fd, 0, 0, sizeof(chunk), (unsigned char *)chunk }, 0, 0 };
	uint64_t strtab = 0, stroff;
	int nph, loads = 0;

	if (!eh || memcmp(eh->e_ident, ELFMAG, SELFMAG))
		return 0;
	if (eh->e_ident[EI_CLASS] == ELFCLASS32)
		return CT_TARGET_32BIT;
	if (eh->e_ident[EI_CLASS] != ELFCLASS64 || eh->e_ident[EI_DATA] != ELFDATA2LSB ||
	    eh->e_phentsize != sizeof(*ph))
		return 0;
	nph = eh->e_phnum;
	if (!(ph = ct_sx_at(f, eh->e_phoff, (size_t)nph * sizeof(*ph))))
		return 0;
	for (int i = nph - 1; i >= 0; i--) {   /* the first PT_DYNAMIC counts */
		if (ph[i].p_type == PT_INTERP)
			loads = CT_TARGET_LOADS;
		if (ph[i].p_type == PT_DYNAMIC) {
			uint64_t k = ph[i].p_filesz / sizeof(Elf64_Dyn);

			d.off = ph[i].p_offset;
			d.n = k < CT_SX_DYN ? (int)k : CT_SX_DYN;
		}
	}
	for (int i = 0; !strtab && (e = ct_sx_dyn_at(&d, i)); i++)
		if (e->d_tag == DT_STRTAB)
			strtab = e->d_un.d_ptr;
	if (!strtab || ct_sx_offset(ph, nph, strtab, &stroff) < 0)
		return loads;
	return ct_sx_needed(f, &d, stroff, rt, n) | loads;
}

/* A "#!" line's interpreter into out, as the kernel takes it: after
 * blanks, up to a blank, a newline or a NUL; a name that fills the line's
 * 256 bytes is refused.  The window holds the file's first bytes. */
static int ct_sx_script(const struct ct_sx_file *f, char out[CT_SX_LINE])
{
	const char *line = (const char *)f->win;
	size_t len = f->len < CT_SX_LINE ? f->len : CT_SX_LINE, i = 2, k = 0;

	while (i < len && (line[i] == ' ' || line[i] == '\t'))
		i++;
	while (i + k < len && !strchr(" \t\n", line[i + k]))
		k++;
	if (!k || i + k == CT_SX_LINE)
		return 0;
	memcpy(out, line + i, k);
	out[k] = '\0';
	return 1;
}

/* A regular file whose exec keeps LD_PRELOAD: the loader of a set-id
 * program that changes this process's ids takes neither the shim nor the
 * runtime from it, so there is nothing to put in front. */
static int ct_sx_plain(const struct stat *st)
{
	if (!S_ISREG(st->st_mode) || !(st->st_mode & 0111))
		return 0;
	if ((st->st_mode & S_ISUID) && st->st_uid != geteuid())
		return 0;
	return !((st->st_mode & S_ISGID) && st->st_gid != getegid());
}

/* The program at (dir, path), a script's interpreter in its place: what
 * ct_sx_elf says of it. */
static int ct_sx_file_needs(int dir, const char *path, int flags, char *rt, size_t n)
{
	unsigned char win[CT_SX_WIN];
	struct ct_sx_file f = { -1, 0, 0, sizeof(win), win };
	char interp[CT_SX_LINE];
	const char *head;
	struct stat st;
	int found = 0;

	for (int hop = 0; hop <= CT_SX_HOPS; hop++) {
		if (ct_sys_fstatat(dir, path, &st, flags & (AT_SYMLINK_NOFOLLOW | AT_EMPTY_PATH)) ||
		    !ct_sx_plain(&st))
			return 0;
		f.fd = ct_sys_openat(dir, path, O_RDONLY | O_NOCTTY | O_NONBLOCK |
				     (flags & AT_SYMLINK_NOFOLLOW ? O_NOFOLLOW : 0), 0);
		if (f.fd < 0)
			return 0;
		f.off = f.len = 0;
		head = ct_sx_at(&f, 0, 2);
		if (!head || head[0] != '#' || head[1] != '!' || !ct_sx_script(&f, interp)) {
			found = head ? ct_sx_elf(&f, rt, n) : 0;
			ct_sys_close(f.fd);
			return found;
		}
		ct_sys_close(f.fd);
		dir = AT_FDCWD;   /* the kernel opens the interpreter as a path of its own */
		path = interp;
		flags = 0;
	}
	return 0;
}

/* The first "<dir>/<name>" along the caller's PATH (an empty entry: the
 * current directory) that is a regular file this process may execute:
 * the program glibc's execvp and posix_spawnp run. */
static int ct_sx_search(const char *name, char *out, size_t n)
{
	const char *p = getenv("PATH"), *end;
	size_t len = strlen(name);
	struct stat st;

	for (p = p ? p : "/bin:/usr/bin";; p = end + 1) {
		size_t dl;

		end = strchrnul(p, ':');
		dl = (size_t)(end - p);
		if (dl + len + 2 <= n) {
			memcpy(out, p, dl);
			out[dl] = '/';
			memcpy(out + dl + (dl > 0), name, len + 1);
			if (ct_sys_fstatat(AT_FDCWD, out, &st, 0) == 0 && S_ISREG(st.st_mode) &&
			    ct_sys_may_exec(out))
				return 1;
		}
		if (!*end)
			return 0;
	}
}

/* fexecve's descriptor may be O_PATH or write-only: the file is read
 * through a descriptor of its own. */
static int ct_sx_fd_needs(int fd, char *rt, size_t n)
{
	char path[64], num[24];
	size_t k = ct_strlcpy(path, "/proc/self/fd/", sizeof(path));

	ct_strlcpy(path + k, ct_utoa((uint64_t)fd, num + sizeof(num)), sizeof(path) - k);
	return fd >= 0 ? ct_sx_file_needs(AT_FDCWD, path, 0, rt, n) : 0;
}

/* A bare name, as execvp and posix_spawnp find it along PATH.  The path
 * buffer is in this frame alone: an exec by path does without it, on a
 * stack that a fork child copies page by page. */
static __attribute__((noinline)) int ct_sx_search_needs(const char *name, char *rt, size_t n)
{
	char path[PATH_MAX];

	return ct_sx_search(name, path, sizeof(path)) ? ct_sx_file_needs(AT_FDCWD, path, 0, rt, n)
						       : 0;
}

int ct_target_runtime(const struct ct_target *t, char *rt, size_t n)
{
	if (t->search) {   /* glibc reads the name itself: it must be readable */
		if (!t->path || !ct_host_str_ok(t->path, PATH_MAX) || !t->path[0])
			return 0;
		if (!strchr(t->path, '/'))
			return ct_sx_search_needs(t->path, rt, n);
	}
	if (t->flags & AT_EMPTY_PATH && t->path && ct_host_str_ok(t->path, 1) && !t->path[0])
		return ct_sx_fd_needs(t->dirfd, rt, n);
	return ct_sx_file_needs(t->dirfd, t->path, t->flags, rt, n);
}
