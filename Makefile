# prune-plan's front door. `make run` and `make test` work on a fresh Debian machine: they
# install whatever is missing, configure, build, and run.

BUILD       ?= build
BUILD_SAN   ?= build-sanitize
BUILD_FUZZ  ?= build-fuzz
BUILD_RELEASE ?= build-release
BUILD_CLANG ?= build-clang
PREFIX      ?= /usr/local
JOBS        ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_FLAGS ?=

DEB_PACKAGES := cmake make g++ tao-pegtl-dev libcli11-dev nlohmann-json3-dev catch2 jq \
                groff-base clang clang-format ccache
BENCH_PACKAGES := libbenchmark-dev time valgrind
# dpkg-shlibdeps (dpkg-dev) and file, which CPack's DEB generator runs to find the dependencies.
PACKAGE_PACKAGES := dpkg-dev file

# Every configuration below compiles through ccache when it is installed (deps installs it): the
# five build folders share one cache, so CI's Release and clang builds and a rebuild after
# `make clean` cost little.
LAUNCHER = $$(command -v ccache >/dev/null 2>&1 && echo -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
# Quiet builds: no "Built target" line per target, no per-file install lines for files that did
# not change, and no gmake "Entering directory" pairs; a warm build prints nothing, a cold one
# one line per file compiled.
QUIET_CONFIGURE = -DCMAKE_TARGET_MESSAGES=OFF -DCMAKE_INSTALL_MESSAGE=LAZY
QUIET_BUILD = -- --no-print-directory
# configure BUILD-DIR CMAKE-ARGS...: (re)configure a build folder, silently.
configure_in = cmake -S . -B $(1) $(LAUNCHER) $(QUIET_CONFIGURE) $(2) $(CMAKE_FLAGS) >/dev/null

.PHONY: all deps configure build tool run test test-sanitize fuzz fuzz-smoke bench format \
        format-check build-release build-clang install package clean

all: build

# Install only the Debian packages that are missing (apt-get needs root, as on CI).
define install_missing
	@missing=""; for p in $(1); do \
	    dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	    echo "installing:$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	fi
endef

deps:
	$(call install_missing,$(DEB_PACKAGES))

configure: deps
	@$(call configure_in,$(BUILD),-DCMAKE_BUILD_TYPE=RelWithDebInfo)

# The tool and every test program.
build: configure
	@cmake --build $(BUILD) -j $(JOBS) $(QUIET_BUILD)

# The tool alone (with its compressed man page): what `run` and `install` need.
tool: configure
	@cmake --build $(BUILD) --target prune-plan -j $(JOBS) $(QUIET_BUILD)

run: tool
	@$(BUILD)/prune-plan examples/events-transform/query.sql --schema examples/events-transform/schema.ddl

test: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

# The whole suite again under AddressSanitizer and UndefinedBehaviorSanitizer.
test-sanitize: deps
	@$(call configure_in,$(BUILD_SAN),-DCMAKE_BUILD_TYPE=Debug -DPRUNE_SANITIZE=ON)
	@cmake --build $(BUILD_SAN) -j $(JOBS) $(QUIET_BUILD)
	cd $(BUILD_SAN) && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
	    ctest --output-on-failure -j $(JOBS)

# libFuzzer: every harness for FUZZ_SECONDS each (clang, ASan + UBSan); see tests/fuzz/README.md.
FUZZ_SECONDS ?= 60
fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_BUILD=$(abspath $(BUILD_FUZZ)) bash tests/fuzz/run.sh

# CI's short run of each harness: the seed corpus and every regression input replayed once.
fuzz-smoke: deps
	@$(call configure_in,$(BUILD_FUZZ),-DCMAKE_CXX_COMPILER=clang++ \
	    -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPRUNE_FUZZ=ON -DPRUNE_SANITIZE=ON)
	@cmake --build $(BUILD_FUZZ) --target fuzz_harnesses -j $(JOBS) $(QUIET_BUILD)
	cd $(BUILD_FUZZ) && ctest -L fuzz --output-on-failure

# Benchmarks and the whole-process scaling tables (not a test); see tests/perf/README.md.
bench: deps
	$(call install_missing,$(BENCH_PACKAGES))
	bash tests/perf/run.sh

FORMAT_FILES = $(shell git ls-files '*.cpp' '*.hpp' 2>/dev/null)

format:
	clang-format -i $(FORMAT_FILES)

format-check: deps
	clang-format --dry-run --Werror $(FORMAT_FILES)

# The tool alone as a distribution builds it (Release, GCC), and with clang: CI builds both, so
# that code that only one compiler or only -O3 warns about is found (with CI's -Werror).
build-release: deps
	@$(call configure_in,$(BUILD_RELEASE),-DCMAKE_BUILD_TYPE=Release)
	@cmake --build $(BUILD_RELEASE) --target prune-plan -j $(JOBS) $(QUIET_BUILD)

build-clang: deps
	@$(call configure_in,$(BUILD_CLANG),-DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo)
	@cmake --build $(BUILD_CLANG) --target prune-plan -j $(JOBS) $(QUIET_BUILD)

# The binary (stripped), its man page and the bash and zsh completions, under PREFIX.
install: tool
	cmake --install $(BUILD) --prefix $(PREFIX) --strip

# build-release/prune-plan_VERSION_ARCH.deb: the Release build of the tool, stripped, with its
# man page and completions, its dependencies found by dpkg-shlibdeps.
package: build-release
	$(call install_missing,$(PACKAGE_PACKAGES))
	@cd $(BUILD_RELEASE) && cpack -G DEB >/dev/null
	@ls $(BUILD_RELEASE)/*.deb

clean:
	rm -rf $(BUILD) $(BUILD_SAN) $(BUILD_FUZZ) $(BUILD_RELEASE) $(BUILD_CLANG)
