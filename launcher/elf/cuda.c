/*
 * cuda.c -- the CUDA class of a library name or path.
 *
 * The class is decided by the file name's library stem (what precedes
 * ".so", "-<hash>" or "_<part>"), then, for the driver only, by where the
 * file lives and what it contains.  Never: a substring match that would
 * make libcudart the driver or libcudnn_ops anything but "dnn".
 */
#include <string.h>

#include "ct_elf.h"
#include "cuda.h"

struct ct_cuda_rule {
	const char *stem;   /* "libX": matches libX followed by '.', '-', '_' or end */
	const char *cls;
};

static const struct ct_cuda_rule ct_cuda_rules[] = {
	{ "libcuda", "driver" },
	{ "libcudart", "runtime" },
	{ "libcublas", "math" }, { "libcublasLt", "math" }, { "libcufft", "math" },
	{ "libcufftw", "math" }, { "libcurand", "math" }, { "libcusolver", "math" },
	{ "libcusolverMg", "math" }, { "libcusparse", "math" }, { "libnvrtc", "math" },
	{ "libnvrtc-builtins", "math" }, { "libnvJitLink", "math" },
	{ "libcudnn", "dnn" },
	{ "libnccl", "comm" },
	{ "libcupti", "tools" }, { "libnvToolsExt", "tools" }, { "libnvidia-ml", "tools" },
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

static const char *ct_class_of_base(const char *base)
{
	size_t i;

	for (i = 0; i < sizeof(ct_cuda_rules) / sizeof(ct_cuda_rules[0]); i++)
		if (ct_stem_matches(base, ct_cuda_rules[i].stem))
			return ct_cuda_rules[i].cls;
	return NULL;
}

static int ct_in_stubs_dir(const char *path)
{
	return path && (strstr(path, "/stubs/") != NULL);
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
	if (ct_in_stubs_dir(name) || ct_in_stubs_dir(realpath))
		return "driver-stub";
	if (realpath && ct_elf_is_cuda_stub(realpath))
		return "driver-stub";
	return cls;
}
