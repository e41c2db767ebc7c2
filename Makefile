# Makefile — the two commands of the quick start (make test, make bench) and a few
# more, wrapping CMake.  Every target first makes sure the Debian packages are there.
BUILD   ?= build
ASAN    ?= build-asan
RESULTS ?= results
JOBS    ?= 2
DAEBENCH = $(BUILD)/daebench
export OPENBLAS_NUM_THREADS = 1

.PHONY: all setup build test test-asan bench bench-quick reference clean

all: build

setup:
	@bash scripts/setup.sh

$(BUILD)/CMakeCache.txt: | setup
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release

build: setup $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS)

test: build
	ctest --test-dir $(BUILD) --output-on-failure -j $(JOBS)

test-asan: setup
	cmake -S . -B $(ASAN) -DCMAKE_BUILD_TYPE=Debug -DDAEBENCH_SANITIZE=ON
	cmake --build $(ASAN) -j $(JOBS)
	ctest --test-dir $(ASAN) --output-on-failure -j $(JOBS)

# full sweep, diagrams, regression check against the stored baseline
bench: build
	$(DAEBENCH) bench --suite full --out $(RESULTS)
	$(DAEBENCH) plot --results $(RESULTS)/bench.json --out $(RESULTS)/plots
	@if [ -f reference/baseline/full.json ]; then \
	  $(DAEBENCH) check --baseline reference/baseline/full.json --results $(RESULTS)/bench.json; \
	else echo "bench: no reference/baseline/full.json yet, regression check skipped"; fi

# the subset CI runs (under five minutes on 2 cores)
bench-quick: build
	$(DAEBENCH) bench --suite quick --out $(RESULTS)
	$(DAEBENCH) plot --results $(RESULTS)/bench.json --out $(RESULTS)/plots
	@if [ -f reference/baseline/quick.json ]; then \
	  $(DAEBENCH) check --baseline reference/baseline/quick.json --results $(RESULTS)/bench.json; \
	else echo "bench-quick: no reference/baseline/quick.json yet, regression check skipped"; fi

reference: build
	$(DAEBENCH) reference --all

clean:
	rm -rf $(BUILD) $(ASAN) $(RESULTS)
