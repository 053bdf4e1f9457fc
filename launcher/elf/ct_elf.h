/*
 * ct_elf.h -- facts about a shared object read from its file on disk.
 *
 * Reads only headers and the few bytes they point at (pread, no mapping of
 * the whole file): the merger inspects hundreds of objects inside the
 * launcher's measured wall time.  Never: trusting an offset or a count from
 * the file without bounding it.
 */
#ifndef CT_ELF_H
#define CT_ELF_H

#include <stdint.h>

struct ct_elf_info {
	char *realpath;     /* malloc'd; NULL when the file cannot be opened */
	char *soname;       /* malloc'd DT_SONAME, or NULL */
	char *build_id;     /* malloc'd lowercase hex of NT_GNU_BUILD_ID, or NULL */
	char *runpath;      /* malloc'd DT_RUNPATH (else DT_RPATH) as written, or NULL */
	int64_t size;       /* file size in bytes, -1 unknown */
	int is_dso;         /* an ELF file of type ET_DYN */
	char *needed;       /* malloc'd DT_NEEDED names, each NUL-ended, then an
			       empty one; NULL when none */
	char *sanitizer;    /* malloc'd DT_NEEDED name of a sanitizer runtime
			       (libasan.so.8, libtsan.so.2 ...), or NULL */
};

/* 0, or -1 when path cannot be opened (info then holds only NULL / -1):
 * remembered per file (elfmemo.c); ct_elf_read reads it anew (elf.c). */
int ct_elf_inspect(const char *path, struct ct_elf_info *info);
void ct_elf_memo_pass(void);   /* files may have changed since: stat each once again */
int ct_elf_read(const char *path, struct ct_elf_info *info);
/* 1 when a list of DT_NEEDED names (ct_elf_info.needed, may be NULL)
 * holds name. */
int ct_elf_needs(const char *needed, const char *name);
void ct_elf_info_free(struct ct_elf_info *info);

/* 1: an ELF shared object (ET_DYN) whose exported `cuInit` only returns
 * CUDA_ERROR_STUB_LIBRARY (34) -- the CUDA toolkit's link-time stub of
 * libcuda, which can never drive a GPU.  0 otherwise or when unreadable. */
int ct_elf_is_cuda_stub(const char *path);

#endif
