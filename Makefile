# prune-plan's front door. `make run` and `make test` work on a fresh Debian machine: they
# install whatever is missing, configure, build, and run.

BUILD       ?= build
BUILD_SAN   ?= build-sanitize
BUILD_FUZZ  ?= build-fuzz
PREFIX      ?= /usr/local
JOBS        ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_FLAGS ?=

DEB_PACKAGES := cmake make g++ tao-pegtl-dev libcli11-dev nlohmann-json3-dev catch2 jq \
                groff-base clang clang-format
BENCH_PACKAGES := libbenchmark-dev time valgrind

.PHONY: all deps configure build run test test-sanitize fuzz fuzz-smoke bench format format-check install clean

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
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo $(CMAKE_FLAGS) >/dev/null

build: configure
	@cmake --build $(BUILD) -j $(JOBS)

run: build
	$(BUILD)/prune-plan examples/events-transform/query.sql --schema examples/events-transform/schema.ddl

test: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

# The whole suite again under AddressSanitizer and UndefinedBehaviorSanitizer.
test-sanitize: deps
	@cmake -S . -B $(BUILD_SAN) -DCMAKE_BUILD_TYPE=Debug -DPRUNE_SANITIZE=ON >/dev/null
	@cmake --build $(BUILD_SAN) -j $(JOBS)
	cd $(BUILD_SAN) && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
	    ctest --output-on-failure -j $(JOBS)

# libFuzzer: every harness for FUZZ_SECONDS each (clang, ASan + UBSan); see tests/fuzz/README.md.
FUZZ_SECONDS ?= 60
fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_BUILD=$(abspath $(BUILD_FUZZ)) bash tests/fuzz/run.sh

# CI's short run of each harness: the seed corpus and every regression input replayed once.
fuzz-smoke: deps
	@cmake -S . -B $(BUILD_FUZZ) -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	    -DPRUNE_FUZZ=ON -DPRUNE_SANITIZE=ON >/dev/null
	@cmake --build $(BUILD_FUZZ) --target fuzz_harnesses -j $(JOBS)
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

install: build
	cmake --install $(BUILD) --prefix $(PREFIX)

clean:
	rm -rf $(BUILD) $(BUILD_SAN) $(BUILD_FUZZ)
