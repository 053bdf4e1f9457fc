# wheel.mk -- `make wheel`: dist/coldtrace-VERSION-py3-none-manylinux2014_x86_64.whl,
# included by the Makefile (docs/wheel.md).
#
# Everything is built again into build/wheel/ by zig (PyPI's ziglang, in the
# venv .ci/wheel-deps makes) against glibc 2.17, with LLVM's unwinder that
# zig links in for libgcc's (whose libgcc_eh.a needs glibc 2.35's
# _dl_find_object).  zig's own C library headers are used, so only the two
# headers of the build machine that are not libc's are reached, through
# links in build/wheel/inc/: cJSON's and the pyconfig.h that Python.h
# includes.  Never: a header or library of the build machine's glibc in the
# wheel's objects.

WHEEL_B     := $(B)/wheel
WHEEL_VENV  := $(B)/wheel-venv
WHEEL_VER   := $(shell sed -n 's/^\#define CT_VERSION "\(.*\)"/\1/p' launcher/cmds.h)
WHEEL_PLAT  := manylinux2014_x86_64
WHEEL_POLICY := manylinux_2_17_x86_64
WHEEL_FILE  := dist/coldtrace-$(WHEEL_VER)-py3-none-$(WHEEL_PLAT).whl
WHEEL_ZIG   := $(abspath $(WHEEL_VENV))/bin/python -m ziglang cc -target x86_64-linux-gnu.2.17
CJSON_SO    := $(shell pkg-config --variable=libdir libcjson)/libcjson.so.1
PY_ARCH_INC := $(shell pkg-config --variable=includedir python3)/x86_64-linux-gnu

$(WHEEL_VENV)/.ready: .ci/wheel-deps
	$(Q)bash .ci/wheel-deps $(WHEEL_VENV)

# The links zig reaches the build machine's cJSON and pyconfig.h headers by.
$(WHEEL_B)/inc: | $(B)
	$(Q)mkdir -p $@
	$(Q)ln -sfn $(shell pkg-config --variable=includedir libcjson)/cjson $@/cjson
	$(Q)ln -sfn $(PY_ARCH_INC) $@/$(notdir $(PY_ARCH_INC))

wheel-objects: $(WHEEL_VENV)/.ready $(WHEEL_B)/inc
	$(Q)ZIG_GLOBAL_CACHE_DIR=$(abspath $(WHEEL_B))/zig-cache \
	ZIG_LOCAL_CACHE_DIR=$(abspath $(WHEEL_B))/zig-cache CFLAGS="-O2 -g -Wl,--build-id" \
	$(MAKE) --no-print-directory B=$(WHEEL_B) CC="$(WHEEL_ZIG)" WERROR=1 \
		UNWIND_LIBS=-lunwind SEGMENT_FLAGS= PY_CFLAGS="$(PY_CFLAGS) -I$(WHEEL_B)/inc" \
		CJSON_CFLAGS=-I$(WHEEL_B)/inc 'CJSON_LIBS=$(CJSON_SO) -Wl,-rpath,\$$$$ORIGIN' \
		all $(WHEEL_B)/ct-exec

# (made by the zig make above, where $(B) is $(WHEEL_B))
$(B)/ct-exec: wheel/exec.c
	@echo "  CCLD  $@"
	$(Q)$(CC) $(CFLAGS) -o $@ $<

wheel: wheel-objects
	$(Q)PATH=$(abspath $(WHEEL_VENV))/bin:$$PATH bash wheel/pack.sh $(WHEEL_B) $(WHEEL_VER) \
		$(WHEEL_PLAT) $(WHEEL_POLICY) $(CJSON_SO) $(WHEEL_FILE)

.PHONY: wheel wheel-objects

# The shim and Python cases against the wheel as pip installs it (T= globs).
wheel-check: wheel
	$(Q)bash tests/wheel.sh $(WHEEL_FILE) $(T)

.PHONY: wheel-check
