/*
 * sanrt.h -- which shared objects are sanitizer runtimes (launcher and
 * shim alike).
 */
#ifndef CT_SANRT_H
#define CT_SANRT_H

/* The longest runtime name that is put in front of LD_PRELOAD. */
#define CT_SANRT_MAX 128

/* 1 when name, a DT_NEEDED entry, is a sanitizer runtime: gcc's
 * libasan.so.N, libtsan, liblsan, libubsan, libhwasan, or clang's shared
 * libclang_rt.asan-<arch>.so and kin.  Such a runtime refuses to run
 * unless it is the first object after the program in the loader's list.
 * Reads only name (the shim asks in a vfork child). */
int ct_sanitizer_rt(const char *name);

#endif
