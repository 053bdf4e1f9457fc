/*
 * cuda.h -- which CUDA component a library (or a failed request) is.
 *
 * Classes (docs/cuda-catalogue.md): "driver" (libcuda.so*),
 * "driver-stub" (a libcuda under a .../stubs/ directory, or the toolkit
 * stub by content), "driver-compat" (a libcuda under .../compat/), "runtime",
 * "math", "compiler", "dnn", "comm", "io", "media", "tools"; NULL for
 * anything else.
 * Never: a class from a substring in the middle of a name (libcudart is
 * not the driver; a module named "cuda" is not a library).
 */
#ifndef CT_CUDA_H
#define CT_CUDA_H

/* name: a path or a bare request ("libcuda.so.1"); realpath: the file it
 * resolves to, or NULL (then no content test is made). */
const char *ct_cuda_class(const char *name, const char *realpath);

#endif
