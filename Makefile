# vmscan-viz - watch Linux 2.6.33/2.6.34 page reclaim decide, page by page.
# One non-recursive GNU Makefile.  `make help` lists the targets.

VERSION    := 0.1.0
PREFIX     ?= /usr/local
BINDIR     ?= $(PREFIX)/bin
MANDIR     ?= $(PREFIX)/share/man
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR  ?= $(PREFIX)/share/zsh/site-functions
DATADIR    ?= $(PREFIX)/share/vmscan-viz
DOCDIR     ?= $(PREFIX)/share/doc/vmscan-viz
DESTDIR    ?=
PKG_CONFIG ?= pkg-config
CFLAGS     ?= -O2 -g
# Everything built goes outside the checkout, which stays as it was cloned:
# into one folder per checkout in the user's cache ($XDG_CACHE_HOME, or
# ~/.cache), named after the checkout's path.  The plain build is there, the
# sanitizer, benchmark and fuzzing builds in folders of their own in it.
# `make where` prints it; `make OUT=dir` builds elsewhere.
ifeq ($(origin OUT),undefined)
CACHE_HOME := $(or $(XDG_CACHE_HOME),$(if $(HOME),$(HOME)/.cache,/tmp))
OUT        := $(CACHE_HOME)/vmscan-viz/$(notdir $(CURDIR))-$(firstword $(shell printf '%s' '$(CURDIR)' | cksum))
endif
BUILD      ?= $(OUT)

# Mandatory flags live apart from CFLAGS so `make CFLAGS=-O0` keeps them.
# Warnings are errors in `make test`, `make check` and CI (WERROR=1), not
# in a user's plain build, where a newer compiler's new warning must not
# stop the program from building.
WERROR ?=
WARN := -std=c11 -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes \
        -Wmissing-prototypes -Wformat=2 -Wno-format-nonliteral $(if $(filter 1,$(WERROR)),-Werror)
DEP_CFLAGS  := $(shell $(PKG_CONFIG) --cflags ncursesw libcjson 2>/dev/null)
CURSES_LIBS := $(shell $(PKG_CONFIG) --libs ncursesw 2>/dev/null)
CJSON_LIBS  := $(shell $(PKG_CONFIG) --libs libcjson 2>/dev/null)
DEP_LIBS    := $(CURSES_LIBS) $(CJSON_LIBS) -lm
# The engine needs nothing but libc; everything else gets the feature macros
# that ncursesw's pkg-config supplies (_XOPEN_SOURCE=600, _DEFAULT_SOURCE).
# The engine and the policies are compiled for link-time optimisation, so
# that a policy's page_check_references() is inlined into the engine's
# reclaim loop in the program as in the benchmark (POLICY_HOT,
# engine/policy_helpers.h).  Fat objects: a unit test or a build without
# LTO links the same archive; gcc-ar indexes it for the LTO link.  Unit
# tests link with -fno-lto, the objects' plain code: gcc would otherwise
# run the whole engine's LTO again for each of them (9 s of CPU a test,
# most of make test's build time).
# `make ENGINE_LTO=` builds without (check-asan does: clang 14 has no fat
# LTO objects).
ENGINE_LTO ?= $(if $(filter gcc cc,$(notdir $(CC))),-flto=auto -ffat-lto-objects)
ENGINE_AR  := $(if $(ENGINE_LTO),gcc-ar,$(AR))
APP_CPPFLAGS := -D_DEFAULT_SOURCE -D_XOPEN_SOURCE=600 $(filter-out -D_DEFAULT_SOURCE -D_XOPEN_SOURCE=600,$(DEP_CFLAGS))

# Each folder of src/ is a layer (see README, "How the code is laid out").
# The engine and the policies are the library; the front-end layers are an
# archive each, so that a unit test links only the layers it tests.
FRONT_LAYERS := tui cli replay scenario util
LIB_SRC  := $(sort $(wildcard src/engine/*.c src/policy/*.c))
APP_SRC  := $(sort $(foreach l,$(FRONT_LAYERS),$(wildcard src/$(l)/*.c)))
LIB_OBJ  := $(LIB_SRC:src/%.c=$(BUILD)/%.o)
GEN_OBJ  := $(BUILD)/gen/default_scenario.o $(BUILD)/gen/config.o $(BUILD)/gen/real_guest.o
APP_OBJ  := $(APP_SRC:src/%.c=$(BUILD)/%.o) $(GEN_OBJ)
LIB      := $(BUILD)/libvmscan.a
BIN      := $(BUILD)/vmscan-viz

UNIT_SRC := $(sort $(wildcard tests/unit/test_*.c))
UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/%)

# Debian packages: to build, and to run the tests (.ci/run reads these two
# lines too, so the list is kept in one place).
DEB_BUILD := make gcc pkg-config libncurses-dev libcjson-dev
# `vmscan-viz real` installs these on first use (or says the apt-get line);
# neither the build nor the tests need them (cli/real.h REAL_PACKAGES).
DEB_REAL  := qemu-system-x86 busybox-static e2fsprogs cpio xz-utils gcc libc6-dev
DEB_TEST  := tmux ncurses-base valgrind clang clang-format libclang-rt-dev cppcheck clang-tidy groff-base man-db ncurses-term zsh gnuplot-nox python3-jsonschema

.PHONY: all build where run test test-real test-run test-build-plain test-all asan-build check unit check-layering check-asan lint bench bench-smoke plot \
        fuzz install uninstall clean deps check-deps golden-update screen-update screenshots help

# The entry points first make sure the Debian packages are there, then build
# in a second make, so that pkg-config is asked again after an install.
all:
	@$(MAKE) --no-print-directory -s deps
	@$(MAKE) --no-print-directory build
build: $(BIN)
	@echo "built $(BIN)"
where:
	@echo $(OUT)

help:
	@echo "make            build $(BIN)"
	@echo "make run        build and start the visualizer on the built-in scenario"
	@echo "                (ARGS='--policy 2.6.33 data/x.json': any vmscan-viz arguments)"
	@echo "make where      print the build folder ($(OUT))"
	@echo "make test       the tests (minutes: README says how many): every suite on the plain build (layering, unit,"
	@echo "                golden, bad input, cli, stepwise, tmux e2e and projector, docs, memcheck,"
	@echo "                install), then unit, golden, bad input, stepwise and a tmux session"
	@echo "                under ASan/UBSan"
	@echo "make test-all   make test, and every tmux suite and cli under ASan/UBSan too, bench-smoke,"
	@echo "                and each fuzz target for FUZZ_SECONDS (10 here)"
	@echo "make test T=x   one suite (golden, bad, cli, e2e, docs, ...; x@asan: sanitized) or unit"
	@echo "                test (policy), F=PATTERN"
	@echo "make test-real  vmscan-viz real on three lesson scenarios on a real Linux 6.1 in qemu (minutes)"
	@echo "make check      the quick suites (layering, unit, golden), installs nothing"
	@echo "make check-asan make test's sanitized suites alone"
	@echo "make screen-update  the expected screens of tests/screen/ drawn again (review the diff)"
	@echo "make format     clang-format every C file (format-check: only say which differ)"
	@echo "make bench      performance figures (not part of make test)"
	@echo "make lint       cppcheck, clang-tidy, man page check"
	@echo "make fuzz       libFuzzer targets (FUZZ_SECONDS=60 each)"
	@echo "make plot       $(BUILD)/plot.png: the lists under two policies (vmscan-viz plot, gnuplot)"
	@echo "make screenshots  screenshots/: the visualizer as SVG (vmscan-viz screen), the charts (gnuplot)"
	@echo "make install    PREFIX=$(PREFIX) DESTDIR=$(DESTDIR)"
	@echo "make deps       install the Debian packages needed (as root)"

# ---- dependencies --------------------------------------------------------

# Installs what is missing (as root, or through sudo), or says what to run.
deps:
	@need=""; for p in $(DEB_BUILD) $(if $(DEPS_FOR),$(DEB_TEST)); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'install ok installed' || need="$$need $$p"; done; \
	if [ -z "$$need" ]; then exit 0; fi; \
	if ! command -v apt-get >/dev/null; then \
	  echo "vmscan-viz needs:$$need (Debian package names); install them and run make again"; exit 1; fi; \
	if [ "$$(id -u)" = 0 ]; then SUDO=""; elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then SUDO=sudo; \
	else echo "vmscan-viz needs these Debian packages:$$need"; \
	     echo "run: sudo apt-get install -y$$need"; exit 1; fi; \
	echo "installing:$$need"; \
	$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $$need

check-deps:
	@$(PKG_CONFIG) --exists ncursesw libcjson 2>/dev/null || { \
	  echo "pkg-config cannot find ncursesw and libcjson: run 'make deps' or:"; \
	  echo "  sudo apt-get install -y $(DEB_BUILD)"; exit 1; }

# ---- build ---------------------------------------------------------------

# The checkout a build folder was made from, rewritten only when it
# changes: every object depends on it, so a folder shared by two checkouts
# (make OUT=dir) is rebuilt whole rather than linked from the other one's
# objects, which file times alone can take for up to date.
$(BUILD)/gen/source: FORCE
	@mkdir -p $(@D)
	@printf '%s\n' '$(CURDIR)' > $@.new
	@if cmp -s $@.new $@; then rm -f $@.new; else mv $@.new $@; fi
$(LIB_OBJ) $(APP_OBJ) $(BUILD)/main.o: $(BUILD)/gen/source

$(BUILD)/engine/%.o: src/engine/%.c | check-deps
	@mkdir -p $(@D)
	$(CC) $(WARN) $(CPPFLAGS) $(CFLAGS) $(ENGINE_LTO) -MMD -MP -c $< -o $@
$(BUILD)/policy/%.o: src/policy/%.c | check-deps
	@mkdir -p $(@D)
	$(CC) $(WARN) $(CPPFLAGS) $(CFLAGS) $(ENGINE_LTO) -MMD -MP -c $< -o $@
$(BUILD)/%.o: src/%.c | check-deps
	@mkdir -p $(@D)
	$(CC) $(WARN) $(APP_CPPFLAGS) $(CPPFLAGS) $(CFLAGS) -MMD -MP -c $< -o $@

$(LIB): $(LIB_OBJ)
	@rm -f $@
	$(ENGINE_AR) rcs $@ $^

# data/default.json is compiled in, so `vmscan-viz` runs from any directory.
$(BUILD)/gen/default_scenario.c: data/default.json
	@mkdir -p $(@D)
	@{ echo '#include <stddef.h>'; echo 'const char scenario_default_json[] = {'; \
	   od -An -v -tx1 $< | sed -e 's/ *\([0-9a-f][0-9a-f]\)/0x\1,/g'; echo '0x00 };'; \
	   echo 'const size_t scenario_default_json_len = sizeof scenario_default_json - 1;'; } > $@
$(BUILD)/gen/default_scenario.o: $(BUILD)/gen/default_scenario.c
	$(CC) $(WARN) $(CPPFLAGS) $(CFLAGS) -c $< -o $@

# What `vmscan-viz real` puts in the guest, carried by the program as text
# (cli/real_vm.c): it builds the guest from it on first use, installed or not.
REAL_GUEST_SRC := src/guest/setup.sh src/guest/init src/guest/vmscan-viz-replay.c src/cli/real_ops.c src/cli/real_ops.h
$(BUILD)/gen/real_guest.c: $(REAL_GUEST_SRC)
	@mkdir -p $(@D)
	@{ for v in setup:src/guest/setup.sh init:src/guest/init replay:src/guest/vmscan-viz-replay.c \
	     ops_c:src/cli/real_ops.c ops_h:src/cli/real_ops.h; do \
	     echo "extern const char real_guest_$${v%%:*}[];"; echo "const char real_guest_$${v%%:*}[] = {"; od -An -v -tx1 $${v#*:} | sed -e 's/ *\([0-9a-f][0-9a-f]\)/0x\1,/g'; \
	     echo '0x00 };'; done; } > $@
$(BUILD)/gen/real_guest.o: $(BUILD)/gen/real_guest.c
	$(CC) $(WARN) $(CPPFLAGS) $(CFLAGS) -c $< -o $@

# VERSION, the commit it was built from (git describe, when built in a
# clone) and DATADIR, rewritten only when they change (util/config.h).
GIT_REV = $(shell git -C '$(CURDIR)' describe --always --dirty 2>/dev/null)
$(BUILD)/gen/config.c: FORCE
	@mkdir -p $(@D)
	@printf 'const char vmscan_version[] = "%s";\nconst char vmscan_commit[] = "%s";\nconst char vmscan_datadir[] = "%s";\n' \
	  '$(VERSION)' '$(GIT_REV)' '$(DATADIR)' > $@.new
	@if cmp -s $@.new $@; then rm -f $@.new; else mv $@.new $@; fi
$(BUILD)/gen/config.o: $(BUILD)/gen/config.c
	$(CC) $(WARN) $(CPPFLAGS) $(CFLAGS) -include src/util/config.h -c $< -o $@
.PHONY: FORCE
FORCE:

$(BIN): $(BUILD)/main.o $(APP_OBJ) $(LIB)
	$(CC) $(CFLAGS) $(ENGINE_LTO) $(LDFLAGS) -o $@ $(BUILD)/main.o $(APP_OBJ) $(LIB) $(DEP_LIBS) $(LDLIBS)

run: all
	@$(BIN) $(ARGS)

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)

# ---- tests ---------------------------------------------------------------

# A unit test links the archives of the layers it includes ("engine/...",
# "scenario/..."), and of the layers those need, nothing more: a test of
# the engine builds without curses or cJSON.
LAYER_NEEDS_engine   := engine
LAYER_NEEDS_policy   := engine
LAYER_NEEDS_util     := util engine
LAYER_NEEDS_scenario := scenario util engine
LAYER_NEEDS_replay   := replay scenario util engine
LAYER_NEEDS_cli      := cli replay scenario util engine
LAYER_NEEDS_tui      := tui cli replay scenario util engine
LAYER_LIBS_scenario  := $(CJSON_LIBS)
LAYER_LIBS_tui       := $(CURSES_LIBS)
HASH := \#
layer_archive = $(if $(filter engine,$(1)),$(LIB),$(BUILD)/lib$(1).a)
test_layers = $(filter $(sort $(foreach l,$(shell sed -n 's@^$(HASH)include "\([a-z]*\)/.*@\1@p' tests/unit/$(1).c),$(LAYER_NEEDS_$(l)))),$(FRONT_LAYERS) engine)
test_archives = $(foreach l,$(call test_layers,$(1)),$(call layer_archive,$(l)))

$(foreach l,$(FRONT_LAYERS),$(eval $(BUILD)/lib$(l).a: $(patsubst src/%.c,$(BUILD)/%.o,$(wildcard src/$(l)/*.c)) $(if $(filter util,$(l)),$(GEN_OBJ))))
$(BUILD)/lib%.a:
	@rm -f $@
	$(AR) rcs $@ $^

define unit_test_rule
$(BUILD)/tests/$(1): tests/unit/$(1).c tests/unit/harness.h tests/unit/corpus.h $(wildcard tests/fuzz/*.[ch]) $(call test_archives,$(1))
	@mkdir -p $$(@D)
	$$(CC) $$(WARN) $$(APP_CPPFLAGS) $$(CPPFLAGS) $$(CFLAGS) $$(if $$(ENGINE_LTO),-fno-lto) $$(LDFLAGS) -Isrc -o $$@ $$< \
	  $(call test_archives,$(1)) $(foreach l,$(call test_layers,$(1)),$(LAYER_LIBS_$(l))) -lm $$(LDLIBS)
endef
$(foreach t,$(UNIT_SRC:tests/unit/%.c=%),$(eval $(call unit_test_rule,$(t))))

# What the tests run, in the order given to tests/run-all.sh, which runs
# them $(TEST_JOBS) at a time, prints each one's result line as it ends,
# then "total: N passed, M failed".  NAME@asan: in the sanitizer build.
# The longest first, by the clock: cli (some 800 commands), the tmux suites
# (e2e, projector), which mostly wait for a screen, then the CPU-bound
# sanitized ones.  One suite
# more than cores: a suite waiting on tmux leaves its core to the others.
# make test: every suite on the plain build, and under ASan and UBSan (the
# engine checking its invariants as it goes, debug_check()) what finds memory and
# undefined-behaviour errors: the unit tests (with the fuzz targets' seeds,
# test_corpus*), golden, bad input, stepwise (three scenarios, its trace
# at 1/128 of the size: ASAN_TEST_SIZE=small) and one tmux session
# (e2e-smoke), and the headless screens (screen).
# make test-all: those, and everything longer: every tmux suite and cli
# under the sanitizers too, each fuzz target for FUZZ_SECONDS (10 here),
# and bench-smoke.
TEST_SUITES := cli e2e projector golden@asan screen@asan memcheck view@asan lesson stepwise@asan screen docs bad@asan \
               e2e-smoke@asan install stepwise bad golden unit unit@asan
TEST_ALL_SUITES := $(filter-out e2e-smoke@asan memcheck,$(TEST_SUITES)) memcheck-all e2e@asan projector@asan cli@asan
# make test-all fuzzes 10 s a target, unless FUZZ_SECONDS=N is given
TEST_FUZZ_SECONDS = $(if $(filter command line,$(origin FUZZ_SECONDS)),$(FUZZ_SECONDS),10)
NPROC := $(shell nproc 2>/dev/null || echo 2)
TEST_JOBS ?= $(shell echo $$(($(NPROC) + 1)))
# a sub-make's -j: the caller's if it gave one, else one job per core
SUB_J := $(if $(filter -j%,$(MAKEFLAGS)),,-j$(NPROC))
# the sanitizer build, in a folder of its own (clang 14 has no fat LTO objects)
ASAN_FLAGS := -O1 -gline-tables-only -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all -DVMSCAN_DEBUG
ASAN_MAKE = $(MAKE) --no-print-directory -s $(SUB_J) BUILD=$(OUT)/asan CC=clang ENGINE_LTO= \
  CFLAGS='$(ASAN_FLAGS)' LDFLAGS='-fsanitize=address,undefined'
asan-build:
	@+$(ASAN_MAKE) WERROR=$(WERROR) $(OUT)/asan/vmscan-viz $(UNIT_SRC:tests/unit/%.c=$(OUT)/asan/tests/%)

# make test: install what the tests need, then the suites above, warnings
# as errors.  make test T=NAME: one suite (golden, bad, cli, e2e, docs,
# memcheck, install, layering, ...; NAME@asan: in the sanitizer build) or
# one unit test (policy or test_policy), F=PATTERN keeping only its
# functions and rows whose name holds PATTERN.
# make check: the quick suites (layering, unit, golden), nothing installed.
test:
	@$(MAKE) --no-print-directory -s deps DEPS_FOR=test
	@$(MAKE) --no-print-directory test-run WERROR=1

# The plain and the sanitized build side by side, sharing one -j (the
# one's serial links and LTO pass fill the other's idle core).
test-run:
ifdef T
	@$(MAKE) --no-print-directory -s $(SUB_J) SUB_J= test-build-plain $(if $(findstring @asan,$(T)),asan-build)
	@TEST_FILTER='$(F)' TEST_JOBS=$(TEST_JOBS) tests/run-all.sh $(BUILD) $(T)
else
	@$(MAKE) --no-print-directory -s $(SUB_J) SUB_J= test-build-plain asan-build
	@ASAN_TEST_SIZE=small TEST_JOBS=$(TEST_JOBS) tests/run-all.sh $(BUILD) $(TEST_SUITES)
endif
test-build-plain:
	@$(MAKE) --no-print-directory -s $(BIN) $(UNIT_BIN)

test-all:
	@$(MAKE) --no-print-directory -s deps DEPS_FOR=test
	@$(MAKE) --no-print-directory -s $(SUB_J) WERROR=1 $(BIN) $(UNIT_BIN)
	@$(MAKE) --no-print-directory asan-build WERROR=1
	@TEST_JOBS=$(TEST_JOBS) tests/run-all.sh $(BUILD) $(TEST_ALL_SUITES)
	@$(MAKE) --no-print-directory -s bench-smoke >/dev/null && echo "bench-smoke: ok"
	@$(MAKE) --no-print-directory fuzz FUZZ_SECONDS=$(TEST_FUZZ_SECONDS)

# `vmscan-viz real` on the lesson scenarios, under mglru and refault, on a
# real Linux 6.1 in qemu (tests/real/check.sh; installs what it needs on
# first use; not part of make test).
test-real: build
	@tests/real/check.sh $(BIN)

check: check-deps
	@$(MAKE) --no-print-directory -s $(SUB_J) WERROR=1 $(BIN) $(UNIT_BIN)
	@TEST_FILTER='$(F)' tests/run-all.sh $(BUILD) quick

unit: $(BIN) $(UNIT_BIN)
	@tests/run-all.sh $(BUILD) unit

check-layering: $(LIB)
	@tests/check-layering.sh $(BUILD)

# make test's sanitized half alone: the suites above built with
# AddressSanitizer and UBSan (clang), in $(OUT)/asan.  VMSCAN_DEBUG: the
# engine checks its invariants after every step.
check-asan:
	@$(MAKE) --no-print-directory asan-build
	@ASAN_TEST_SIZE=small TEST_JOBS=$(TEST_JOBS) tests/run-all.sh $(BUILD) $(filter %@asan,$(TEST_SUITES))

# clang-format (.clang-format): `make format` rewrites, `make format-check`
# (run by CI) fails on any file that is not as clang-format writes it.
FORMAT_SRC = $(sort $(wildcard src/*.[ch] src/*/*.[ch] tests/*/*.[ch]))
format:
	clang-format -i $(FORMAT_SRC)
format-check:
	@bad=""; for f in $(FORMAT_SRC); do clang-format --dry-run -Werror $$f >/dev/null 2>&1 || bad="$$bad $$f"; done; \
	if [ -n "$$bad" ]; then echo "not formatted (make format):$$bad"; exit 1; fi; echo "format-check: ok"

golden-update: build
	@tests/golden/update.sh $(BIN)

# The expected screens of the screen suite (tests/screen/cases), drawn again
# by `vmscan-viz screen`: review the diff before committing it.
screen-update: build
	@tests/screen/update.sh $(BIN)

# ---- static analysis, docs -------------------------------------------------

# cppcheck: warnings, performance and portability; clang-tidy: the checks in
# .clang-tidy (bugs and clang's static analyzer); the man page with groff -ww;
# --help and the man page must list the same options.
LINT_SRC := $(sort $(wildcard src/*.c src/*/*.c))
lint: build
	cppcheck --quiet --error-exitcode=1 --std=c11 --enable=warning,performance,portability \
	  --inline-suppr --suppress=missingIncludeSystem -D_DEFAULT_SOURCE -Isrc src
	clang-tidy --quiet $(LINT_SRC) -- -std=c11 $(APP_CPPFLAGS) -Isrc 2>/dev/null
	groff -man -ww -z src/vmscan-viz.1
	groff -man -ww -z src/vmscan-viz-scenario.5
	tests/check-man.sh $(BIN) src/vmscan-viz.1

# ---- fuzzing, benchmarks, screenshots --------------------------------------

# Both fuzz targets (the scenario loader, the trace reader), FUZZ_SECONDS each.
FUZZ_SECONDS ?= 60
fuzz:
	FUZZ_OUT=$(OUT)/fuzz tests/fuzz/run.sh $(FUZZ_SECONDS) all

# The benchmark links the engine built with link-time optimisation, and
# the timeline (replay/timeline.c) that the seek benchmark steps back with.
BENCH_FLAGS := -O2 -flto -g
$(BUILD)/tests/bench: tests/bench/bench.c $(LIB_SRC) src/replay/timeline.c $(wildcard src/engine/*.h) src/replay/timeline.h | check-deps
	@mkdir -p $(@D)
	$(CC) $(WARN) -D_DEFAULT_SOURCE $(CPPFLAGS) $(BENCH_FLAGS) -Isrc -o $@ $< $(LIB_SRC) src/replay/timeline.c -lm
# The visualizer's run, headless (src/replay/view.h), with the loader.
BENCH_VIEW_SRC := $(sort $(wildcard src/replay/*.c src/scenario/*.c src/util/*.c))
$(BUILD)/tests/bench-view: tests/bench/view.c $(LIB_SRC) $(BENCH_VIEW_SRC) $(GEN_OBJ) $(wildcard src/*/*.h) | check-deps
	@mkdir -p $(@D)
	$(CC) $(WARN) $(APP_CPPFLAGS) $(CPPFLAGS) $(BENCH_FLAGS) -Isrc -o $@ $< $(LIB_SRC) $(BENCH_VIEW_SRC) \
	  $(GEN_OBJ) $(CJSON_LIBS) -lm
bench: build
	@$(MAKE) --no-print-directory -s BUILD=$(OUT)/bench $(OUT)/bench/tests/bench $(OUT)/bench/tests/bench-view
	@BIN=$(BIN) tests/bench/run.sh $(OUT)/bench
bench-smoke:
	@$(MAKE) --no-print-directory -s BUILD=$(OUT)/bench $(OUT)/bench/tests/bench $(OUT)/bench/tests/bench-view
	@tests/bench/run.sh $(OUT)/bench smoke

# The visualizer's pictures are SVG from `vmscan-viz screen` (no terminal or
# browser needed); the charts are gnuplot's PNGs.
screenshots: build
	tests/screen/screenshots.sh $(BIN) screenshots
	$(BIN) plot data/used-once-mmap.json --chart lists --policy 2.6.33 --policy 2.6.34 \
	  --size 1000x500 -o screenshots/used-once-mmap-plot.png
	$(BIN) plot data/database-index.json --object index --object table.dat -o screenshots/database-index-refaults.png
	$(BIN) plot data/database-index.json --chart counters -o screenshots/database-index-counters.png
	$(BIN) plot data/used-once-mmap.json --chart active --policy 2.6.33 --policy 2.6.34 \
	  --object big.iso --object libc.so --size 1000x500 -o screenshots/used-once-mmap-active.png
	$(BIN) plot --real tests/cli/real-used-once-mmap.csv --chart resident -o screenshots/used-once-mmap-real.png

# The lists over time under two policies (vmscan-viz plot, gnuplot).
PLOT_SCENARIO ?= data/used-once-mmap.json
PLOT_POLICIES ?= 2.6.33 2.6.34
plot: build
	$(BIN) plot $(PLOT_SCENARIO) --chart lists $(addprefix --policy ,$(PLOT_POLICIES)) -o $(BUILD)/plot.png

# ---- install ---------------------------------------------------------------

# The classroom scenarios, their schema, and the traces they read, where the
# program looks for them; the guides go with the documentation (data/README.md
# as scenarios.md: the format).
DATA_FILES  := $(sort $(wildcard data/*.json))
TRACE_FILES := $(sort $(wildcard data/traces/*))
install: build
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man5 $(DESTDIR)$(DATADIR)/traces $(DESTDIR)$(DOCDIR)
	install -m 644 README.md $(DESTDIR)$(DOCDIR)/README.md
	install -m 644 data/README.md $(DESTDIR)$(DOCDIR)/scenarios.md
	install -m 644 data/LECTURE.md $(DESTDIR)$(DOCDIR)/LECTURE.md
	install -m 755 $(BIN) $(DESTDIR)$(BINDIR)/vmscan-viz
	install -m 644 src/vmscan-viz.1 $(DESTDIR)$(MANDIR)/man1/vmscan-viz.1
	install -m 644 src/vmscan-viz-scenario.5 $(DESTDIR)$(MANDIR)/man5/vmscan-viz-scenario.5
	install -m 644 $(DATA_FILES) $(DESTDIR)$(DATADIR)/
	install -m 644 $(TRACE_FILES) $(DESTDIR)$(DATADIR)/traces/
	install -d $(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(ZSHCOMPDIR)
	install -m 644 src/completion/vmscan-viz.bash $(DESTDIR)$(BASHCOMPDIR)/vmscan-viz
	install -m 644 src/completion/_vmscan-viz $(DESTDIR)$(ZSHCOMPDIR)/_vmscan-viz

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/vmscan-viz $(DESTDIR)$(MANDIR)/man1/vmscan-viz.1
	rm -f $(DESTDIR)$(MANDIR)/man5/vmscan-viz-scenario.5
	rm -f $(DESTDIR)$(BASHCOMPDIR)/vmscan-viz $(DESTDIR)$(ZSHCOMPDIR)/_vmscan-viz
	rm -f $(addprefix $(DESTDIR)$(DATADIR)/,$(notdir $(DATA_FILES)))
	rm -f $(addprefix $(DESTDIR)$(DATADIR)/traces/,$(notdir $(TRACE_FILES)))
	rm -f $(addprefix $(DESTDIR)$(DOCDIR)/,README.md scenarios.md LECTURE.md)
	-rmdir $(DESTDIR)$(DOCDIR) 2>/dev/null
	-rmdir $(DESTDIR)$(DATADIR)/traces $(DESTDIR)$(DATADIR) 2>/dev/null

clean:
	rm -rf $(OUT)
