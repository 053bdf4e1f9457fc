/*
 * cuda.c -- the CUDA class of a library name or path.
 *
 * The class is decided by the file name's library stem (what precedes
 * ".so", "-<hash>" or "_<part>"), then, for the driver only, by where the
 * file lives and what it contains.  Never: a substring match that would
 * make libcudart the driver or libcudnn_ops anything but "dnn".
 */
#include <stdint.h>
#include <string.h>

#include "ct_elf.h"
#include "cuda.h"

struct ct_cuda_rule {
	const char *stem;   /* "libX": matches libX followed by '.', '-', '_' or end */
	const char *cls;
};

/* The catalogue: docs/cuda-catalogue.md is its documented form (where
 * each library comes from), and tests/cases/merge_cuda_catalogue.sh holds
 * the two together.  Longer stems need no order: a stem matches only up to
 * a separator ("libcublas" never matches "libcublasLt.so"). */
static const struct ct_cuda_rule ct_cuda_rules[] = {
	/* the driver (the display driver's packages, or the toolkit's compat/) */
	{ "libcuda", "driver" },
	{ "libnvidia-ml", "tools" }, { "libnvidia-ptxjitcompiler", "compiler" },
	{ "libnvidia-nvvm", "compiler" },
	/* runtime */
	{ "libcudart", "runtime" }, { "libcudla", "runtime" },
	/* math libraries */
	{ "libcublas", "math" }, { "libcublasLt", "math" }, { "libnvblas", "math" },
	{ "libcublasmp", "math" }, { "libcufft", "math" }, { "libcufftw", "math" },
	{ "libcufftMp", "math" }, { "libcurand", "math" }, { "libcusolver", "math" },
	{ "libcusolverMg", "math" }, { "libcusolverMp", "math" }, { "libcusparse", "math" },
	{ "libcusparseLt", "math" }, { "libcutensor", "math" }, { "libcutensorMg", "math" },
	{ "libcudss", "math" },
	/* compilers: run-time compilation and linking */
	{ "libnvrtc", "compiler" }, { "libnvrtc-builtins", "compiler" },
	{ "libnvJitLink", "compiler" }, { "libnvfatbin", "compiler" },
	{ "libnvptxcompiler", "compiler" }, { "libnvvm", "compiler" },
	/* deep learning */
	{ "libcudnn", "dnn" },
	/* communication */
	{ "libnccl", "comm" }, { "libnvshmem", "comm" }, { "libnvshmem_host", "comm" },
	/* storage: GPUDirect Storage */
	{ "libcufile", "io" }, { "libcufile_rdma", "io" },
	/* image and signal processing */
	{ "libnvjpeg", "media" }, { "libnvjpeg2k", "media" }, { "libnppc", "media" },
	{ "libnppial", "media" }, { "libnppicc", "media" }, { "libnppidei", "media" },
	{ "libnppif", "media" }, { "libnppig", "media" }, { "libnppim", "media" },
	{ "libnppist", "media" }, { "libnppisu", "media" }, { "libnppitc", "media" },
	{ "libnpps", "media" },
	/* profiling and tracing */
	{ "libcupti", "tools" }, { "libnvperf_host", "tools" }, { "libnvperf_target", "tools" },
	{ "libcheckpoint", "tools" }, { "libpcsamplingutil", "tools" },
	{ "libnvToolsExt", "tools" }, { "libnvtx3interop", "tools" },
};

static const char *ct_base(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

static int ct_stem_matches(const char *base, const char *stem)
{
	size_t n = strlen(stem);
	char next;

	if (strncmp(base, stem, n))
		return 0;
	next = base[n];
	return next == '.' || next == '-' || next == '_' || next == 0;
}

#define CT_NRULES (sizeof(ct_cuda_rules) / sizeof(ct_cuda_rules[0]))

/* Every stem's bytes 3 and 4 (after "lib"), as bits: a name whose pair is
 * not among them is no CUDA library (most are not: libc, libm, ...). */
static uint64_t ct_stem_pairs[256 * 256 / 64];

static unsigned ct_pair(const char *base)
{
	return (unsigned)(unsigned char)base[3] << 8 | (unsigned char)base[4];
}

static int ct_pair_known(const char *base)
{
	static int built;
	unsigned k;

	if (!built) {
		for (size_t i = 0; i < CT_NRULES; i++) {
			k = ct_pair(ct_cuda_rules[i].stem);
			ct_stem_pairs[k / 64] |= 1ull << (k % 64);
		}
		built = 1;
	}
	if (strncmp(base, "lib", 3) || !base[3])
		return 0;
	k = ct_pair(base);
	return (ct_stem_pairs[k / 64] >> (k % 64)) & 1;
}

static const char *ct_class_of_base(const char *base)
{
	size_t i;

	if (!ct_pair_known(base))
		return NULL;
	for (i = 0; i < CT_NRULES; i++)
		if (ct_stem_matches(base, ct_cuda_rules[i].stem))
			return ct_cuda_rules[i].cls;
	return NULL;
}

static int ct_in_dir(const char *path, const char *dir)
{
	return path && strstr(path, dir) != NULL;
}

const char *ct_cuda_class(const char *name, const char *realpath)
{
	const char *cls;

	if (!name || !*name)
		return NULL;
	cls = ct_class_of_base(ct_base(name));
	if (!cls && realpath)
		cls = ct_class_of_base(ct_base(realpath));
	if (!cls || strcmp(cls, "driver"))
		return cls;
	if (ct_in_dir(name, "/stubs/") || ct_in_dir(realpath, "/stubs/"))
		return "driver-stub";
	if (realpath && ct_elf_is_cuda_stub(realpath))
		return "driver-stub";
	if (ct_in_dir(name, "/compat/") || ct_in_dir(realpath, "/compat/"))
		return "driver-compat";   /* the toolkit's forward-compatibility driver */
	return cls;
}
