# Tidings — build, test and run. `make run` and `make test` are the only two set-up commands a
# fresh Debian machine needs: both install what is missing first.

PREFIX ?= /usr/local
SWIFT ?= swift
# Swift lives at /opt/swift on the machines this is built on; a login shell adds it to PATH, a bare
# `make` from cron or CI may not.
export PATH := $(PATH):/opt/swift/usr/bin

# System libraries (pkg-config name = Debian package) and the tools the tests drive.
# The picture decoders and chafa (see the image decisions in DECISIONS.md): chafa's own pkg-config
# file needs GLib's.
PKG_LIBS := libxml-2.0=libxml2-dev ncursesw=libncurses-dev sqlite3=libsqlite3-dev libcurl=libcurl4-openssl-dev uchardet=libuchardet-dev \
	libpng=libpng-dev libjpeg=libjpeg62-turbo-dev libgif7=libgif-dev libwebp=libwebp-dev libwebpdemux=libwebp-dev \
	glib-2.0=libglib2.0-dev chafa=libchafa-dev
TEST_TOOLS := tmux=tmux python3=python3 nghttpd=nghttp2-server openssl=openssl podboat=newsboat sixel2png=libsixel-bin

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
APT_INSTALL = $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends

DEBUG_BIN := .build/debug/tidings
RELEASE_BIN := .build/release/tidings
SAMPLE_DIR := $(CURDIR)/Resources/samples

.PHONY: all deps test-deps sync-test-deps build release run test xterm-check bench agreement man-and-completions install uninstall clean fuzz fuzz-build fuzz-corpus fuzz-replay fuzz-smoke fuzz-ci

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

# Installs the Debian packages of the COMMAND=PACKAGE pairs in $(1) whose command is missing.
define install-missing-tools
	@missing=""; \
	for pair in $(1); do \
		cmd=$${pair%%=*}; pkg=$${pair#*=}; \
		command -v $$cmd >/dev/null 2>&1 || missing="$$missing $$pkg"; \
	done; \
	if [ -n "$$missing" ]; then \
		echo "Installing:$$missing"; \
		$(SUDO) apt-get update -q && $(APT_INSTALL) $$missing; \
	fi
endef

# Installs the programs the end-to-end tests drive.
test-deps:
	$(call install-missing-tools,$(TEST_TOOLS))
	@# The picture acceptance test replays what the reader writes to its pty through pyte, a
	@# terminal emulator in Python (Debian's, for Debian's /usr/bin/python3).
	@/usr/bin/python3 -c 'import pyte' 2>/dev/null || { echo "Installing: python3-pyte"; $(SUDO) apt-get update -q && $(APT_INSTALL) python3-pyte; }

# The feed servers that the sync tests run on loopback: coldsweat (Fever; Flask + SQLite) in a
# virtual environment of its own, installed once, then only checked; Debian's Tiny Tiny RSS on
# PostgreSQL (Tests/Support/ttrss_start.sh runs both from temporary folders, leaving the system's
# configuration alone); and, in the same virtual environment, the independent clients that check
# the project's stand-ins (Tests/Support/*_standin.py): Miniflux's official client, libgreader
# (Google Reader API), nextcloud-news-filter (Nextcloud News), newsblur-cli (NewsBlur). PHP (php-cli and its extensions) is for running a real FreshRSS by hand
# outside the project, as the README's manual sync check does.
SYNC_VENV := .build/sync-venv
COLDSWEAT_VERSION := 0.10.2
# Miniflux's official Python client, which checks the Miniflux stand-in (Tests/Support/miniflux_standin.py).
MINIFLUX_CLIENT_VERSION := 1.1.6
# A Google Reader API client (2013; google-reader 0.0.3 needs Python 3.12), which checks the
# Google Reader stand-in (Tests/Support/greader_standin.py).
LIBGREADER_VERSION := 0.7.1
# A Nextcloud News client (it marks read what a filter matches), which checks the Nextcloud News
# stand-in (Tests/Support/ocnews_standin.py).
NEXTCLOUD_NEWS_FILTER_VERSION := 0.2.0
# NewsBlur's own client (its CLI and MCP server), which checks the NewsBlur stand-in
# (Tests/Support/newsblur_standin.py).
NEWSBLUR_CLI_VERSION := 0.2.2
PHP_PACKAGES := php-cli php-sqlite3 php-curl php-gmp php-intl php-mbstring php-xml php-zip
TTRSS_PACKAGES := tt-rss php-cgi php-pgsql postgresql dbconfig-no-thanks
sync-test-deps:
	@missing=""; \
	for pkg in $(PHP_PACKAGES) $(TTRSS_PACKAGES); do \
		dpkg-query -W -f='$${Status}' $$pkg 2>/dev/null | grep -q "ok installed" || missing="$$missing $$pkg"; \
	done; \
	if [ -n "$$missing" ]; then \
		echo "Installing:$$missing"; \
		$(SUDO) apt-get update -q && $(APT_INSTALL) $$missing; \
	fi; \
	if ! dpkg-query -W -f='$${Status}' tt-rss 2>/dev/null | grep -q "ok installed"; then \
		echo "Configuring tt-rss again (its first configuration can fail under apt-get)"; \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive dpkg --configure -a; \
	fi
	@if ! $(SYNC_VENV)/bin/python -c 'import importlib.metadata as m, sys; sys.exit(m.version("coldsweat") != "$(COLDSWEAT_VERSION)")' 2>/dev/null; then \
		echo "Installing coldsweat $(COLDSWEAT_VERSION) into $(SYNC_VENV)"; \
		python3 -c 'import ensurepip' 2>/dev/null || { $(SUDO) apt-get update -q && $(APT_INSTALL) python3-venv; }; \
		[ -x $(SYNC_VENV)/bin/pip ] || python3 -m venv $(SYNC_VENV) || exit 1; \
		$(SYNC_VENV)/bin/pip install -q --disable-pip-version-check coldsweat==$(COLDSWEAT_VERSION) || exit 1; \
	fi
	@if ! $(SYNC_VENV)/bin/python -c 'import importlib.metadata as m, sys; sys.exit(m.version("miniflux") != "$(MINIFLUX_CLIENT_VERSION)")' 2>/dev/null; then \
		echo "Installing Miniflux's official client $(MINIFLUX_CLIENT_VERSION) into $(SYNC_VENV)"; \
		$(SYNC_VENV)/bin/pip install -q --disable-pip-version-check miniflux==$(MINIFLUX_CLIENT_VERSION) || exit 1; \
	fi
	@if ! $(SYNC_VENV)/bin/python -c 'import importlib.metadata as m, sys; sys.exit(m.version("libgreader") != "$(LIBGREADER_VERSION)")' 2>/dev/null; then \
		echo "Installing libgreader $(LIBGREADER_VERSION) into $(SYNC_VENV)"; \
		$(SYNC_VENV)/bin/pip install -q --disable-pip-version-check libgreader==$(LIBGREADER_VERSION) || exit 1; \
	fi
	@if ! $(SYNC_VENV)/bin/python -c 'import importlib.metadata as m, sys; sys.exit(m.version("nextcloud-news-filter") != "$(NEXTCLOUD_NEWS_FILTER_VERSION)")' 2>/dev/null; then \
		echo "Installing nextcloud-news-filter $(NEXTCLOUD_NEWS_FILTER_VERSION) into $(SYNC_VENV)"; \
		$(SYNC_VENV)/bin/pip install -q --disable-pip-version-check nextcloud-news-filter==$(NEXTCLOUD_NEWS_FILTER_VERSION) || exit 1; \
	fi
	@if ! $(SYNC_VENV)/bin/python -c 'import importlib.metadata as m, sys; sys.exit(m.version("newsblur-cli") != "$(NEWSBLUR_CLI_VERSION)")' 2>/dev/null; then \
		echo "Installing newsblur-cli $(NEWSBLUR_CLI_VERSION) into $(SYNC_VENV)"; \
		$(SYNC_VENV)/bin/pip install -q --disable-pip-version-check newsblur-cli==$(NEWSBLUR_CLI_VERSION) || exit 1; \
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

# The fuzz replay goes first so that the test runner's summary is the last thing printed.
test: deps test-deps sync-test-deps
	$(MAKE) --no-print-directory fuzz-replay
	$(SWIFT) build --product tidings
	TIDINGS_BINARY=$(CURDIR)/$(DEBUG_BIN) $(SWIFT) test

# One real terminal (issue 33): the reader in xterm's VT340 mode under Xvfb, an article with a red
# square served on loopback; `image-protocol auto` must find sixel, the square must be in a
# screenshot (left in .build/xterm-check.png), three rows higher after `jjj`, and gone after `q`.
# Not part of `make test`: it needs an X server's worth of packages, which this target installs.
XTERM_TOOLS := xterm=xterm Xvfb=xvfb xdotool=xdotool import=imagemagick
xterm-check: deps
	$(call install-missing-tools,$(XTERM_TOOLS))
	$(SWIFT) build --product tidings
	/usr/bin/python3 Tests/Support/xterm_sixel_check.py $(DEBUG_BIN) $(CURDIR)/.build/xterm-check.png

# The reload benchmarks run the release `tidings` beside newsboat and curl (installed here).
BENCH_TOOLS := newsboat=newsboat curl=curl python3=python3
bench: deps
	$(call install-missing-tools,$(BENCH_TOOLS))
	$(SWIFT) build -c release --product tidings
	$(SWIFT) build -c release --product tidings-bench
	.build/release/tidings-bench

# Field-by-field agreement with Universal Feed Parser on the parser's fixtures (issue 11 §5), from a
# virtual environment of its own.
AGREEMENT_VENV := .build/agreement-venv
agreement: build
	@[ -x $(AGREEMENT_VENV)/bin/pip ] || python3 -m venv $(AGREEMENT_VENV)
	@$(AGREEMENT_VENV)/bin/pip install -q --disable-pip-version-check feedparser==6.0.14 chardet==7.7.0
	$(AGREEMENT_VENV)/bin/python Tests/Support/feedparser_agreement.py $(DEBUG_BIN) Tests/FeedParserTests/Fixtures/cases/*.xml

# The manual page and the shell completions are generated from the command line's declarations
# (swift-argument-parser's `generate-manual`, the tool behind its plugin, built here from the
# package's own copy: no network; and `tidings --generate-completion-script`), never written by
# hand. The date in the page is the last commit's, so that a rebuild gives the same page.
GENERATED_DIR := .build/generated
MAN_DATE := $(shell git log -1 --format=%cs 2>/dev/null || date +%F)
MAN_DIR := $(PREFIX)/share/man/man1
BASH_COMPLETION_DIR := $(PREFIX)/share/bash-completion/completions
ZSH_COMPLETION_DIR := $(PREFIX)/share/zsh/site-functions
FISH_COMPLETION_DIR := $(PREFIX)/share/fish/vendor_completions.d

man-and-completions: release
	$(SWIFT) build -c release --product generate-manual
	@rm -rf $(GENERATED_DIR) && mkdir -p $(GENERATED_DIR)
	.build/release/generate-manual $(RELEASE_BIN) --date $(MAN_DATE) --output-directory $(GENERATED_DIR)
	$(RELEASE_BIN) --generate-completion-script bash > $(GENERATED_DIR)/tidings.bash
	$(RELEASE_BIN) --generate-completion-script zsh > $(GENERATED_DIR)/_tidings
	$(RELEASE_BIN) --generate-completion-script fish > $(GENERATED_DIR)/tidings.fish

install: release man-and-completions
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(MAN_DIR) $(DESTDIR)$(BASH_COMPLETION_DIR) $(DESTDIR)$(ZSH_COMPLETION_DIR) $(DESTDIR)$(FISH_COMPLETION_DIR)
	install -m 755 $(RELEASE_BIN) $(DESTDIR)$(PREFIX)/bin/tidings
	install -m 644 $(GENERATED_DIR)/tidings.1 $(DESTDIR)$(MAN_DIR)/tidings.1
	install -m 644 $(GENERATED_DIR)/tidings.bash $(DESTDIR)$(BASH_COMPLETION_DIR)/tidings
	install -m 644 $(GENERATED_DIR)/_tidings $(DESTDIR)$(ZSH_COMPLETION_DIR)/_tidings
	install -m 644 $(GENERATED_DIR)/tidings.fish $(DESTDIR)$(FISH_COMPLETION_DIR)/tidings.fish

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/tidings $(DESTDIR)$(MAN_DIR)/tidings.1 $(DESTDIR)$(BASH_COMPLETION_DIR)/tidings \
		$(DESTDIR)$(ZSH_COMPLETION_DIR)/_tidings $(DESTDIR)$(FISH_COMPLETION_DIR)/tidings.fish

clean:
	rm -rf .build

# Fuzzing (SECURITY.md): libFuzzer + AddressSanitizer builds of the fuzz targets in their own
# scratch path, a seed corpus assembled from the project's fixtures, then each target run for
# FUZZ_SECONDS with bounded memory and a per-input timeout. Findings land in $(FUZZ_DIR)/findings.
FUZZ_SECONDS ?= 60
FUZZ_RSS_MB ?= 2048
FUZZ_TIMEOUT ?= 10
# Longest input libFuzzer makes; empty: each target's own (`fuzz-target-settings` below).
FUZZ_MAX_LEN ?=
FUZZ_TARGETS ?= fuzz-feed fuzz-sanitizer fuzz-paths fuzz-renderer fuzz-extractor fuzz-images
# AddressSanitizer without the allocation stacks it records for every malloc (a quarter of a feed
# input's time): a finding replayed with `ASAN_OPTIONS=` shows them.
FUZZ_ASAN_OPTIONS ?= malloc_context_size=0
# Extra libFuzzer flags, e.g. FUZZ_FLAGS=-seed=1 for a repeatable run.
FUZZ_FLAGS ?=
FUZZ_DIR := $(CURDIR)/.build-fuzz
# Where libFuzzer keeps the inputs it finds interesting, between runs.
FUZZ_CORPUS ?= $(FUZZ_DIR)/corpus
# A short mutation run: a fixed seed and number of inputs per target from an empty corpus.
FUZZ_SMOKE_RUNS ?= 20000
FUZZ_SWIFT_FLAGS := -Xswiftc -sanitize=fuzzer,address -Xswiftc -DTIDINGS_FUZZ
# Optimised, assertions kept (`assert` guards the fast paths' promises): an unoptimised Swift
# build ran the same inputs ten times slower. Except fuzz-renderer: it links the whole reader, and
# an optimised sanitizer build of GRDB took minutes more of each CI run.
FUZZ_OPTIMISED_FLAGS := -c release -Xswiftc -assert-config -Xswiftc Debug
FUZZ_UNOPTIMISED_TARGETS := fuzz-renderer
FUZZ_DICTIONARIES := $(CURDIR)/Resources/fuzz
FEED_FIXTURES := $(CURDIR)/Tests/FeedParserTests/Fixtures
PAGE_FIXTURES := $(CURDIR)/Tests/ArticleExtractionTests/Fixtures
IMAGE_FIXTURES := $(CURDIR)/Tests/ImageRenderingTests/Fixtures

fuzz-build: deps
	@for target in $(FUZZ_TARGETS); do \
		case " $(FUZZ_UNOPTIMISED_TARGETS) " in *" $$target "*) flags=;; *) flags="$(FUZZ_OPTIMISED_FLAGS)";; esac; \
		$(SWIFT) build --build-path $(FUZZ_DIR) $(FUZZ_SWIFT_FLAGS) $$flags --product $$target 2>&1 \
			| grep -v "Cannot export local symbol" || exit 1; \
	done

# Seeds, rebuilt each run from the fixtures (never committed): each feed file with the control
# bytes the feed fuzzer reads first (whole document; split into small chunks), and the
# same files with their markup unescaped, as HTML for the sanitiser and the renderer; the picture
# fixtures (each format, truncated, bombs, markup served as PNG) as they are. Inputs that
# libFuzzer finds interesting accumulate next to them and survive between runs.
fuzz-corpus:
	@rm -rf $(FUZZ_DIR)/seeds && mkdir -p $(FUZZ_DIR)/seeds/feed $(FUZZ_DIR)/seeds/html $(FUZZ_DIR)/seeds/images
	@cp $(IMAGE_FIXTURES)/* $(FUZZ_DIR)/seeds/images/
	@n=0; for file in $$(find $(FEED_FIXTURES) $(PAGE_FIXTURES) $(SAMPLE_DIR) -type f \
			\( -name '*.xml' -o -name '*.json' -o -name '*.rss' -o -name '*.atom' -o -name '*.rdf' -o -name '*.html' \) | sort); do \
		n=$$((n + 1)); \
		{ printf '\000\000\000'; cat "$$file"; } > $(FUZZ_DIR)/seeds/feed/$$n-whole; \
		{ printf '\000\001\003'; cat "$$file"; } > $(FUZZ_DIR)/seeds/feed/$$n-chunked; \
		{ printf '\001'; sed -e 's/&lt;/</g; s/&gt;/>/g; s/&quot;/"/g; s/&amp;/\&/g' "$$file"; } > $(FUZZ_DIR)/seeds/html/$$n; \
	done; echo "fuzz: $$n seed files from the fixtures"
	@# The fuzzers' own findings, control bytes and all, stay seeds of their target's kind.
	@cp $(FEED_FIXTURES)/fuzz/feed-* $(FUZZ_DIR)/seeds/feed/ && cp $(FEED_FIXTURES)/fuzz/sanitizer-* $(FUZZ_DIR)/seeds/html/
	@mkdir -p $(FUZZ_CORPUS) $(FUZZ_DIR)/findings $(FUZZ_DIR)/logs

# Each target's seeds, longest input and dictionary of tokens. A feed's structure fits in 4 KiB
# and a page's in 8 KiB: longer inputs cost more per run (64 KiB ones ran at a quarter of the
# pace) without reaching more code; the dictionaries put markup and feed names within a mutation.
fuzz: fuzz-build fuzz-corpus
	@failed=""; for target in $(FUZZ_TARGETS); do \
		case $$target in \
			fuzz-feed|fuzz-paths) seeds=feed; maxlen=4096; dict=-dict=$(FUZZ_DICTIONARIES)/feed.dict;; \
			fuzz-images) seeds=images; maxlen=65536; dict=;; \
			*) seeds=html; maxlen=8192; dict=-dict=$(FUZZ_DICTIONARIES)/html.dict;; \
		esac; \
		[ -z "$(FUZZ_MAX_LEN)" ] || maxlen=$(FUZZ_MAX_LEN); \
		case " $(FUZZ_UNOPTIMISED_TARGETS) " in *" $$target "*) bin=$(FUZZ_DIR)/debug;; *) bin=$(FUZZ_DIR)/release;; esac; \
		mkdir -p $(FUZZ_CORPUS)/$$target; \
		log=$(FUZZ_DIR)/logs/$$target.log; \
		echo "fuzz: $$target, at most $(FUZZ_SECONDS) s (log: $$log)"; \
		if ASAN_OPTIONS=$(FUZZ_ASAN_OPTIONS) SWIFT_BACKTRACE=enable=no SWIFT_DETERMINISTIC_HASHING=1 \
				$$bin/$$target $(FUZZ_CORPUS)/$$target $(FUZZ_DIR)/seeds/$$seeds \
				-max_total_time=$(FUZZ_SECONDS) -rss_limit_mb=$(FUZZ_RSS_MB) -timeout=$(FUZZ_TIMEOUT) \
				-max_len=$$maxlen $$dict -print_final_stats=1 $(FUZZ_FLAGS) \
				-artifact_prefix=$(FUZZ_DIR)/findings/$$target- > $$log 2>&1; then \
			echo "fuzz: $$target: no findings ($$(grep -o 'Done [0-9]* runs in [0-9]* second' $$log | tail -1 | sed 's/Done //; s/ second/ s/'), $$(grep -o 'cov: [0-9]*' $$log | tail -1))"; \
		else \
			failed="$$failed $$target"; \
			echo "fuzz: $$target: FOUND a problem:"; \
			grep -E 'invariant broken|ERROR: |SUMMARY: ' $$log | head -5 | sed 's/^/    /'; \
			grep -o 'Test unit written to .*' $$log | sed 's/^/    /'; \
		fi; \
	done; \
	if [ -n "$$failed" ]; then echo "fuzz: FAILED:$$failed (inputs under $(FUZZ_DIR)/findings)"; exit 1; fi; \
	echo "fuzz: all targets ran clean"

# Every seed through every fuzz target once, under AddressSanitizer and the targets' invariant
# checks, with no mutation: part of `make test`. Mutation runs are not repeatable here (libxml2
# and Swift seed their hashing per process, libFuzzer makes time-based choices; the same seed gave
# different coverage twice), so they stay out of the test suite, where a latent bug they happened
# to reach would fail an unrelated change.
fuzz-replay:
	@rm -rf $(FUZZ_DIR)/replay-corpus
	@$(MAKE) --no-print-directory fuzz FUZZ_CORPUS=$(FUZZ_DIR)/replay-corpus FUZZ_MAX_LEN=65536 FUZZ_FLAGS=-runs=0

# The mutation run of CI (.ci/run): 20 s per target from the seeds alone, so that one run does not
# depend on what earlier runs collected.
fuzz-ci:
	@rm -rf $(FUZZ_DIR)/ci-corpus
	@$(MAKE) --no-print-directory fuzz FUZZ_SECONDS=20 FUZZ_CORPUS=$(FUZZ_DIR)/ci-corpus FUZZ_FLAGS=-seed=1

# A short mutation run of every target (see SECURITY.md); the time limit is only a safety net.
fuzz-smoke:
	@rm -rf $(FUZZ_DIR)/smoke-corpus
	@$(MAKE) --no-print-directory fuzz FUZZ_SECONDS=300 FUZZ_CORPUS=$(FUZZ_DIR)/smoke-corpus \
		FUZZ_FLAGS="-seed=1 -runs=$(FUZZ_SMOKE_RUNS)"
