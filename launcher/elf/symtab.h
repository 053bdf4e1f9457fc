/*
 * symtab.h -- naming the functions in call-site frames, after the run.
 *
 * The shim records frames as "path+0xOFF" (OFF: the ELF virtual address)
 * because looking names up inside the host costs it time; here each
 * object's .symtab (or .dynsym when stripped) is read once per merge.
 */
#ifndef CT_SYMTAB_H
#define CT_SYMTAB_H

#include <stddef.h>

/* "path+0xOFF" -> "path+0xOFF symbol+0xDELTA" in out; the frame as it is
 * when it already names a symbol or no function covers OFF. */
void ct_symtab_frame(const char *frame, char *out, size_t n);
/* The path of the next object (from *i, 0 first) whose file was cut short
 * while its symbols were read, its frames from then on unnamed; NULL after
 * the last. */
const char *ct_symtab_faulted(int *i);
/* Frees every symbol table read so far. */
void ct_symtab_reset(void);

#endif
