# Makefile -- coldtrace: libcoldtrace.so (the shim, pyhook linked in), the loader's
# audit library, and the coldtrace / ct-launch CLI.
#   make              build everything into build/
#   make demo         trace /usr/bin/python3 -c 'import torch' (the default workload)
#   make test         run the whole test suite (tests/run.sh); T=name runs one.
#                     Its cases include the unit tests (make unit) and a short
#                     fuzz of every harness (make fuzz FUZZ_TIME=3)
#   make unit         the unit tests of tests/unit/ under ASan+UBSan; U=name runs one
#   make check        the test suite against an ASan+UBSan build of the CLI;
#                     the shim tests against a clang build (make clang); make fuzz
#   make fuzz         libFuzzer over the log reader, the merger and the record
#                     reader, FUZZ_TIME seconds each (default 20; clang)
#   make install      PREFIX=/usr/local DESTDIR=
#   make wheel        dist/coldtrace-VERSION-py3-none-manylinux2014_x86_64.whl, built
#                     with zig from PyPI (wheel/wheel.mk, docs/wheel.md)
#   make clean        V=1 shows full commands

PREFIX  ?= /usr/local
DESTDIR ?=
CC      ?= cc
B       := build
WARN    := -Wall -Wextra -Wshadow -Wformat=2 -Wstrict-prototypes -Wmissing-prototypes
CFLAGS  ?= -O2 -g
BASE_FLAGS := -std=gnu11 $(WARN) -D_GNU_SOURCE -Icommon
CFLAGS  += $(BASE_FLAGS)
ifdef WERROR
CFLAGS  += -Werror
endif

Q := @
ifeq ($(V),1)
Q :=
endif

# Dependencies: a missing one stops the build naming the Debian package.
need = $(if $(shell pkg-config --exists $(1) && echo y),,$(error $(1) not found: apt-get install $(2)))
$(call need,libcjson,libcjson-dev)
$(call need,python3,python3-dev)
CJSON_CFLAGS := $(shell pkg-config --cflags libcjson)
CJSON_LIBS   := $(shell pkg-config --libs libcjson)
PY_CFLAGS    := $(shell pkg-config --cflags python3)

PRELOAD_SRC  := $(sort $(wildcard preload/*.c))
PYHOOK_SRC   := $(sort $(wildcard pyhook/*.c))
AUDIT_SRC    := $(sort $(wildcard audit/*.c))
LAUNCHER_SRC := $(sort $(wildcard launcher/*.c launcher/*/*.c))
LAUNCHER_HDR := $(wildcard launcher/*.h launcher/*/*.h)
COMMON_SRC   := $(sort $(wildcard common/*.c))
COMMON_HDR   := $(wildcard common/*.h)

# The HTML pages' stylesheets and scripts, compiled in as byte arrays.
HTML_ASSETS := launcher/html/page.css launcher/html/page.js launcher/html/series.css \
	       launcher/html/series.js
HTML_GEN    := $(B)/gen/html_assets.c

SO_FLAGS := -fPIC -fvisibility=hidden -fno-omit-frame-pointer -fdata-sections
CLI_FLAGS = $(CFLAGS) $(CJSON_CFLAGS) -Ilauncher
CLI_LINK  = $(LAUNCHER_SRC) $(HTML_GEN) $(COMMON_SRC) $(CJSON_LIBS) -lm
# make check: the CLI and the unit tests under the sanitizers (tests/check.sh)
SAN_FLAGS := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all
# The shim's stack unwinder: libgcc's, linked in with its symbols kept
# local (see preload/stack.c).
UNWIND_LIBS := -Wl,--exclude-libs,libgcc_eh.a -lgcc_eh

all: $(B)/libcoldtrace.so $(B)/libcoldtrace-audit.so $(B)/coldtrace $(B)/ct-launch

# pyhook is linked into the shim (its symbols hidden like the shim's): a
# CPython process pays no dlopen for it, and it links no libpython.  Its
# headers, code and read-only data in one segment (GNU ld's
# noseparate-code; the wheel's linker, lld, takes no such flag): the
# loader maps the shim with two mmaps fewer in every image.
SEGMENT_FLAGS ?= -Wl,-z,noseparate-code
$(B)/libcoldtrace.so: $(PRELOAD_SRC) $(PYHOOK_SRC) $(COMMON_SRC) $(wildcard preload/*.h) \
		      $(wildcard pyhook/*.h) $(COMMON_HDR) | $(B)
	@echo "  CCLD  $@"
	$(Q)$(CC) $(CFLAGS) $(SO_FLAGS) $(PY_CFLAGS) -Ipreload -shared -o $@ $(PRELOAD_SRC) \
		$(PYHOOK_SRC) $(COMMON_SRC) $(UNWIND_LIBS) -Wl,--sort-section=alignment $(SEGMENT_FLAGS) -ldl -lpthread

$(B)/libcoldtrace-audit.so: $(AUDIT_SRC) $(wildcard audit/*.h) common/kclock.c common/kclock.h common/ldaudit.h | $(B)
	@echo "  CCLD  $@"
	$(Q)$(CC) $(CFLAGS) $(SO_FLAGS) -shared -o $@ $(AUDIT_SRC) common/kclock.c

$(B)/coldtrace: $(LAUNCHER_SRC) $(HTML_GEN) $(COMMON_SRC) $(LAUNCHER_HDR) $(COMMON_HDR) | $(B)
	@echo "  CCLD  $@"
	$(Q)$(CC) $(CLI_FLAGS) -o $@ $(CLI_LINK)

# The same CLI with ASan+UBSan, for make check; the shim stays unsanitised.
$(B)/san/coldtrace: $(LAUNCHER_SRC) $(HTML_GEN) $(COMMON_SRC) $(LAUNCHER_HDR) $(COMMON_HDR) | $(B)
	@echo "  CCLD  $@ (ASan+UBSan)"
	$(Q)mkdir -p $(B)/san
	$(Q)$(CC) $(CLI_FLAGS) $(SAN_FLAGS) -o $@ $(CLI_LINK)

# Each asset NAME.EXT as `const char ct_html_NAME_EXT[] = { bytes..., 0 };`
# (od is in coreutils, so no tool beyond the compiler's is needed).
$(HTML_GEN): $(HTML_ASSETS) | $(B)
	@echo "  GEN   $@"
	$(Q)mkdir -p $(B)/gen
	$(Q)for f in $(HTML_ASSETS); do \
		b=$${f##*/}; echo "const char ct_html_$${b%.*}_$${b##*.}[] = {"; \
		od -An -v -tx1 $$f | sed 's/\([0-9a-f][0-9a-f]\)/0x\1,/g'; \
		echo "0 };"; \
	done > $@.tmp && mv $@.tmp $@

$(B)/ct-launch: $(B)/coldtrace
	$(Q)ln -sf coldtrace $@

$(B):
	$(Q)mkdir -p $@

# The default workload: trace `import torch` with the system Python (the
# one python3-torch is installed for), then show the run directory.
demo: all
	$(Q)$(B)/ct-launch --name import-torch -- /usr/bin/python3 -c 'import torch'

test: all
	$(Q)bash tests/run.sh $(T)

check: all $(B)/san/coldtrace clang
	$(Q)CT_SAN_BIN=$(B)/san CT_CLANG_BIN=$(B)/clang bash tests/check.sh $(T)

unit: all
	$(Q)CT_SAN_FLAGS="$(SAN_FLAGS)" CT_UNIT_FLAGS="$(BASE_FLAGS) -Ipreload -Ilauncher" \
		bash tests/unit/run.sh $(U)

# Everything built again with clang into build/clang/, warnings as errors:
# compilers differ in what they leave in the upper half of a register that
# carries an int through varargs (syscall()), and in their warnings.
# DWARF 4: the valgrind case cannot read clang 14's DWARF 5.
clang:
	$(Q)CFLAGS="-O2 -g -gdwarf-4" $(MAKE) --no-print-directory B=$(B)/clang CC=clang \
		WERROR=1 all

# Fuzzers: the CLI's sources (less main.c) instrumented once, linked with
# each harness of tests/fuzz/.
FUZZ_CC    ?= clang
FUZZ_TIME  ?= 20
FUZZ_SAN   := -g -O1 -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=undefined
FUZZ_SRC   := $(filter-out launcher/main.c,$(LAUNCHER_SRC)) $(HTML_GEN) $(COMMON_SRC) tests/fuzz/fuzz_input.c
FUZZ_OBJ   := $(patsubst %.c,$(B)/fuzz/obj/%.o,$(FUZZ_SRC))
FUZZ_BINS  := $(patsubst tests/fuzz/%.c,$(B)/fuzz/%,$(wildcard tests/fuzz/fuzz_*.c))
FUZZ_BINS  := $(filter-out $(B)/fuzz/fuzz_input,$(FUZZ_BINS))

$(B)/fuzz/obj/%.o: %.c $(LAUNCHER_HDR) $(COMMON_HDR) tests/fuzz/fuzz_input.h
	@mkdir -p $(dir $@)
	@echo "  CC    $@"
	$(Q)$(FUZZ_CC) -std=gnu11 -D_GNU_SOURCE -Icommon -Ilauncher -Itests/fuzz $(CJSON_CFLAGS) \
		$(FUZZ_SAN) -fsanitize=fuzzer-no-link -c -o $@ $<

$(B)/fuzz/%: tests/fuzz/%.c $(FUZZ_OBJ)
	@echo "  CCLD  $@"
	$(Q)$(FUZZ_CC) -std=gnu11 -D_GNU_SOURCE -Icommon -Ilauncher -Itests/fuzz $(CJSON_CFLAGS) \
		$(FUZZ_SAN) -fsanitize=fuzzer -o $@ $< $(FUZZ_OBJ) $(CJSON_LIBS) -lm

.SECONDARY: $(FUZZ_OBJ)

fuzz: $(FUZZ_BINS)
	$(Q)bash tests/fuzz/run.sh $(FUZZ_TIME) $(FUZZ_BINS)

install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib/coldtrace
	install -m 0755 $(B)/coldtrace $(DESTDIR)$(PREFIX)/bin/coldtrace
	ln -sf coldtrace $(DESTDIR)$(PREFIX)/bin/ct-launch
	install -m 0755 $(B)/libcoldtrace.so $(B)/libcoldtrace-audit.so \
		$(DESTDIR)$(PREFIX)/lib/coldtrace/
	ln -sf ../../bin/coldtrace $(DESTDIR)$(PREFIX)/lib/coldtrace/coldtrace

include wheel/wheel.mk

clean:
	rm -rf $(B) dist

.PHONY: all demo test unit check clang fuzz install clean
