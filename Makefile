# Makefile -- coldtrace: libcoldtrace.so, pyhook, and the coldtrace / ct-launch CLI.
#   make              build everything into build/
#   make demo         trace /usr/bin/python3 -c 'import torch' (the default workload)
#   make test         run the whole test suite (tests/run.sh); T=name runs one
#   make check        ASan+UBSan build of the CLI and the preload core unit tests
#   make install      PREFIX=/usr/local DESTDIR=
#   make clean        V=1 shows full commands

PREFIX  ?= /usr/local
DESTDIR ?=
CC      ?= cc
B       := build
WARN    := -Wall -Wextra -Wshadow -Wformat=2 -Wstrict-prototypes -Wmissing-prototypes
CFLAGS  ?= -O2 -g
CFLAGS  += -std=gnu11 $(WARN) -D_GNU_SOURCE -Icommon
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
$(call need,libunwind,libunwind-dev)
$(call need,python3,python3-dev)
CJSON_CFLAGS := $(shell pkg-config --cflags libcjson)
CJSON_LIBS   := $(shell pkg-config --libs libcjson)
UNW_CFLAGS   := $(shell pkg-config --cflags libunwind)
PY_CFLAGS    := $(shell pkg-config --cflags python3)

PRELOAD_SRC  := $(sort $(wildcard preload/*.c))
PYHOOK_SRC   := $(sort $(wildcard pyhook/*.c))
AUDIT_SRC    := $(sort $(wildcard audit/*.c))
LAUNCHER_SRC := $(sort $(wildcard launcher/*.c))
COMMON_SRC   := $(sort $(wildcard common/*.c))
COMMON_HDR   := $(wildcard common/*.h)

SO_FLAGS := -fPIC -fvisibility=hidden -fno-omit-frame-pointer

all: $(B)/libcoldtrace.so $(B)/libcoldtrace-pyhook.so $(B)/libcoldtrace-audit.so $(B)/coldtrace \
     $(B)/ct-launch

$(B)/libcoldtrace.so: $(PRELOAD_SRC) $(COMMON_SRC) $(wildcard preload/*.h) $(COMMON_HDR) | $(B)
	@echo "  CCLD  $@"
	$(Q)$(CC) $(CFLAGS) $(SO_FLAGS) $(UNW_CFLAGS) -shared -o $@ $(PRELOAD_SRC) $(COMMON_SRC) -ldl -lpthread

$(B)/libcoldtrace-pyhook.so: $(PYHOOK_SRC) $(wildcard pyhook/*.h) preload/ct_api.h $(COMMON_HDR) | $(B)
	@echo "  CCLD  $@"
	$(Q)$(CC) $(CFLAGS) $(SO_FLAGS) $(PY_CFLAGS) -Ipreload -shared -o $@ $(PYHOOK_SRC)

$(B)/libcoldtrace-audit.so: $(AUDIT_SRC) | $(B)
	@echo "  CCLD  $@"
	$(Q)$(CC) $(CFLAGS) $(SO_FLAGS) -shared -o $@ $(AUDIT_SRC)

$(B)/coldtrace: $(LAUNCHER_SRC) $(COMMON_SRC) $(wildcard launcher/*.h) $(COMMON_HDR) | $(B)
	@echo "  CCLD  $@"
	$(Q)$(CC) $(CFLAGS) $(CJSON_CFLAGS) -o $@ $(LAUNCHER_SRC) $(COMMON_SRC) $(CJSON_LIBS) -lm

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

check:
	$(Q)bash tests/check.sh

install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib/coldtrace
	install -m 0755 $(B)/coldtrace $(DESTDIR)$(PREFIX)/bin/coldtrace
	ln -sf coldtrace $(DESTDIR)$(PREFIX)/bin/ct-launch
	install -m 0755 $(B)/libcoldtrace.so $(B)/libcoldtrace-pyhook.so $(B)/libcoldtrace-audit.so \
		$(DESTDIR)$(PREFIX)/lib/coldtrace/
	ln -sf ../../bin/coldtrace $(DESTDIR)$(PREFIX)/lib/coldtrace/coldtrace

clean:
	rm -rf $(B)

.PHONY: all demo test check install clean
