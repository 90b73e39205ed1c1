# PassScope: two commands on a fresh Debian 12 machine (README, "Quick start").
#   make run    install what is missing, build, open the GUI on a bundled sample (or, with no
#               display, run the headless pipeline on it and say where the output went)
#   make test   install what is missing, build with AddressSanitizer + UBSan, run every test
# Also: make build (build/bin/passscope, build/bin/passscope-cli), make bench, make deps,
#   make fuzz   (clang) build the libFuzzer targets and run each for FUZZ_SECONDS (README "Fuzzing")

DEPS := build-essential cmake ninja-build ccache pkg-config dpkg-dev \
        qt6-base-dev qt6-svg-dev qt6-tools-dev qt6-l10n-tools qt6-tools-dev-tools \
        libgraphviz-dev graphviz libprotobuf-dev protobuf-compiler libonnx-dev libonnx-testdata \
        libeigen3-dev libcli11-dev lld nlohmann-json3-dev libgtest-dev libbenchmark-dev \
        xvfb xauth fonts-dejavu-core fonts-wqy-microhei qt6-translations-l10n clang-format
# ccache keys on paths relative to the checkout, so a second clone (CI's) reuses the first's objects.
export CCACHE_BASEDIR := $(CURDIR)
export CCACHE_NOHASHDIR := 1
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
JOBS ?= $(shell nproc)
# Unity builds (CMakeLists.txt, PASSSCOPE_UNITY_BUILD) roughly halve a fresh build; for an
# edit-compile loop, `make test UNITY=OFF` recompiles one file per edit instead of its batch.
UNITY ?= ON
SAMPLE ?= resources/samples/conv_net.onnx
OUT ?= build/out

.PHONY: deps fuzz-deps build run test test-build bench fuzz fuzz-build fuzz-ci clean

deps:
	@missing=$$(for p in $(DEPS); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  echo "Installing missing Debian packages: $$missing"; \
	  $(SUDO) apt-get update && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y --no-install-recommends $$missing; \
	fi

# libFuzzer comes with clang; its runtimes are Debian's libclang-rt-14-dev, llvm-symbolizer is llvm's.
FUZZ_DEPS := clang libclang-rt-14-dev llvm
fuzz-deps: deps
	@missing=$$(for p in $(FUZZ_DEPS); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  echo "Installing missing Debian packages: $$missing"; \
	  $(SUDO) apt-get update && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y --no-install-recommends $$missing; \
	fi

# Only the two programs (and what they need): benchmarks and model generators are `make bench`'s.
# -O2 without debug info: optimised as a user wants it, and the quickest such build to compile.
build: deps
	cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release "-DCMAKE_CXX_FLAGS_RELEASE=-O2 -DNDEBUG" \
	  -DPASSSCOPE_BUILD_TESTS=OFF -DPASSSCOPE_BUILD_BENCHMARKS=OFF -DPASSSCOPE_UNITY_BUILD=$(UNITY)
	cmake --build build -j $(JOBS) --target passscope passscope-cli

run: build
	@if [ -n "$$DISPLAY$$WAYLAND_DISPLAY" ]; then \
	  exec build/bin/passscope $(SAMPLE); \
	else \
	  mkdir -p $(OUT); \
	  echo "No display: running the headless pipeline on $(SAMPLE)"; \
	  build/bin/passscope-cli optimize $(SAMPLE) -o $(OUT)/optimized.onnx --report $(OUT)/report.json && \
	  build/bin/passscope-cli verify $(SAMPLE) $(OUT)/optimized.onnx && \
	  echo "Optimized model: $(OUT)/optimized.onnx; report of every pass run: $(OUT)/report.json"; \
	fi

test-build: deps
	# -Og -g1: optimised for debugging, with line tables for the sanitizers' reports. The engine's
	# unity batches compile about 1.8 times faster than at -O1 (a batch: 71 s -> 40 s) and the tests
	# take about the same time (606 vs 660 test-seconds), which keeps make test in CI's budget.
	cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPASSSCOPE_SANITIZE=ON -DPASSSCOPE_BUILD_TESTS=ON \
	  -DPASSSCOPE_BUILD_BENCHMARKS=OFF -DPASSSCOPE_UNITY_BUILD=$(UNITY) \
	  "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-Og -g1 -DNDEBUG"
	cmake --build build-asan -j $(JOBS)

test: test-build
	# Graphviz keeps process-wide allocations until exit: suppressed for every test (cli render too).
	cd build-asan && LSAN_OPTIONS=suppressions=$(CURDIR)/tests/gui/lsan_graphviz.supp ctest --output-on-failure -j $(JOBS)

# Benchmarks print figures (Google Benchmark). ONNX Runtime's Node.js package is the peer the
# pipeline is compared with; its install script would download a CUDA add-on, so it is skipped.
ORT_DIR ?= build/ort
bench: deps
	cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release "-DCMAKE_CXX_FLAGS_RELEASE=-O2 -DNDEBUG" \
	  -DPASSSCOPE_BUILD_BENCHMARKS=ON -DPASSSCOPE_UNITY_BUILD=$(UNITY)
	cmake --build build -j $(JOBS) --target passscope-bench-io passscope-bench-pipeline passscope-make-large-model \
	  passscope-bench-layout passscope-bench-gui passscope-bench-formats passscope-bench-vars passscope-bench-memory
	@if command -v npm >/dev/null && [ ! -d $(ORT_DIR)/node_modules/onnxruntime-node ]; then \
	  mkdir -p $(ORT_DIR) && cd $(ORT_DIR) && ONNXRUNTIME_NODE_INSTALL=skip npm install --ignore-scripts --no-audit --no-fund onnxruntime-node@1.30.0 >/dev/null || true; \
	fi
	build/bin/passscope-bench-io
	PASSSCOPE_ORT_DIR=$(abspath $(ORT_DIR)) build/bin/passscope-bench-pipeline
	build/bin/passscope-bench-formats
	build/bin/passscope-bench-vars
	build/bin/passscope-bench-memory
	build/bin/passscope-bench-layout
	QT_QPA_PLATFORM=offscreen build/bin/passscope-bench-gui

# Coverage-guided fuzzing (issue 38): every reader, and load -> pipeline -> export -> reload, each a
# libFuzzer program built with clang, ASan and UBSan in build-fuzz (the engine alone, no GUI).
# `make fuzz` runs each target for FUZZ_SECONDS (default 300) from its seeds and the corpus of
# earlier runs; FUZZ_TARGETS picks some (names: build-fuzz/fuzz_targets.txt). A finding fails it.
FUZZ_SECONDS ?= 300
FUZZ_TARGETS ?=
fuzz-build: fuzz-deps
	CC=clang CXX=clang++ cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	  "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -gline-tables-only -DNDEBUG" -DPASSSCOPE_SANITIZE=ON \
	  -DPASSSCOPE_FUZZ=ON -DPASSSCOPE_BUILD_GUI=OFF -DPASSSCOPE_BUILD_BENCHMARKS=OFF -DPASSSCOPE_UNITY_BUILD=$(UNITY)
	cmake --build build-fuzz -j $(JOBS) --target fuzz-targets

fuzz: fuzz-build
	tests/fuzz/run_fuzz.sh build-fuzz $(FUZZ_SECONDS) $(FUZZ_TARGETS)

# CI's short run after `make test` (.ci/run): every target for a fixed time; with the clang build
# from an empty ccache it stays within about 12 minutes on two cores (README "Fuzzing").
FUZZ_CI_SECONDS ?= 20
fuzz-ci: fuzz-build
	tests/fuzz/run_fuzz.sh build-fuzz $(FUZZ_CI_SECONDS)

clean:
	rm -rf build build-asan build-fuzz
