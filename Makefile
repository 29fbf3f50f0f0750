# Tidings — build, test and run. `make run` and `make test` are the only two set-up commands a
# fresh Debian machine needs: both install what is missing first.

PREFIX ?= /usr/local
SWIFT ?= swift
# Swift lives at /opt/swift on the machines this is built on; a login shell adds it to PATH, a bare
# `make` from cron or CI may not.
export PATH := $(PATH):/opt/swift/usr/bin

# System libraries (pkg-config name = Debian package) and the tools the tests drive.
PKG_LIBS := libxml-2.0=libxml2-dev ncursesw=libncurses-dev sqlite3=libsqlite3-dev
TEST_TOOLS := tmux=tmux python3=python3

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
APT_INSTALL = $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends

DEBUG_BIN := .build/debug/tidings
RELEASE_BIN := .build/release/tidings
SAMPLE_DIR := $(CURDIR)/Resources/samples

.PHONY: all deps test-deps build release run test bench install uninstall clean

all: build

# Installs the -dev packages that pkg-config cannot find (and pkg-config itself).
deps:
	@missing=""; \
	command -v pkg-config >/dev/null 2>&1 || missing="pkg-config"; \
	for pair in $(PKG_LIBS); do \
		lib=$${pair%%=*}; pkg=$${pair#*=}; \
		if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists $$lib; then missing="$$missing $$pkg"; fi; \
	done; \
	if [ -n "$$missing" ]; then \
		echo "Installing:$$missing"; \
		$(SUDO) apt-get update -q && $(APT_INSTALL) $$missing; \
	fi

# Installs the programs the end-to-end tests drive.
test-deps:
	@missing=""; \
	for pair in $(TEST_TOOLS); do \
		cmd=$${pair%%=*}; pkg=$${pair#*=}; \
		command -v $$cmd >/dev/null 2>&1 || missing="$$missing $$pkg"; \
	done; \
	if [ -n "$$missing" ]; then \
		echo "Installing:$$missing"; \
		$(SUDO) apt-get update -q && $(APT_INSTALL) $$missing; \
	fi

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release --product tidings

# Opens the reader on the sample feeds of Resources/samples through file:// URLs, with a throwaway
# config and cache that are removed afterwards: works with no network.
run: build
	@scratch=$$(mktemp -d); \
	mkdir -p "$$scratch/config/tidings" "$$scratch/data"; \
	for feed in $(SAMPLE_DIR)/*; do echo "file://$$feed" >> "$$scratch/config/tidings/urls"; done; \
	echo "refresh-on-startup yes" > "$$scratch/config/tidings/config"; \
	XDG_CONFIG_HOME="$$scratch/config" XDG_DATA_HOME="$$scratch/data" $(DEBUG_BIN); status=$$?; \
	rm -rf "$$scratch"; exit $$status

test: deps test-deps
	$(SWIFT) build --product tidings
	TIDINGS_BINARY=$(CURDIR)/$(DEBUG_BIN) $(SWIFT) test

bench: deps
	$(SWIFT) build -c release --product tidings-bench
	.build/release/tidings-bench

install: release
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 $(RELEASE_BIN) $(DESTDIR)$(PREFIX)/bin/tidings

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/tidings

clean:
	rm -rf .build
