# Makefile — the two commands of the quick start (make test, make bench) and a few
# more, wrapping CMake.  Every target first makes sure the Debian packages are there.
BUILD   ?= build
ASAN    ?= build-asan
RESULTS ?= results
JOBS    ?= 2
BASELINE_QUICK ?= reference/baseline/quick.json
BASELINE_FULL  ?= reference/baseline/full.json
DAEBENCH = $(BUILD)/daebench
export OPENBLAS_NUM_THREADS = 1

.PHONY: all setup build test test-asan bench bench-quick scaling cost baseline baseline-full reference clean

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

# full sweep, CSV, diagrams, report, regression check against the stored
# baseline (exit 1 on a regression); see README "Benchmarks"
bench: build
	$(DAEBENCH) bench --suite full --out $(RESULTS)
	$(DAEBENCH) plot --results $(RESULTS)/bench.json --out $(RESULTS)/plots
	$(DAEBENCH) report --results $(RESULTS)/bench.json --plots $(RESULTS)/plots
	@if [ -f $(BASELINE_FULL) ]; then \
	  $(DAEBENCH) check --baseline $(BASELINE_FULL) --results $(RESULTS)/bench.json; \
	else echo "bench: no $(BASELINE_FULL) yet (make baseline-full), regression check skipped"; fi

# the subset CI runs (under five minutes on 2 cores)
bench-quick: build
	$(DAEBENCH) bench --suite quick --out $(RESULTS)
	$(DAEBENCH) plot --results $(RESULTS)/bench.json --out $(RESULTS)/plots
	$(DAEBENCH) report --results $(RESULTS)/bench.json --plots $(RESULTS)/plots
	@if [ -f $(BASELINE_QUICK) ]; then \
	  $(DAEBENCH) check --baseline $(BASELINE_QUICK) --results $(RESULTS)/bench.json; \
	else echo "bench-quick: no $(BASELINE_QUICK) yet (make baseline), regression check skipped"; fi

# cost per step against N of the chains (suite "scaling", harness/suite.c), one
# run at a time for quiet timing; the diagram $(RESULTS)/plots/scaling.png/.svg,
# the fitted slopes printed (README "Benchmarks")
scaling: build
	$(DAEBENCH) bench --suite scaling --jobs 1 --out $(RESULTS)/scaling
	$(DAEBENCH) plot --results $(RESULTS)/scaling/bench.json --out $(RESULTS)/plots

# instructions per accepted step of a fixed set of runs under callgrind
# (scripts/cost.sh): $(RESULTS)/cost/cost.json and cost.png, checked against
# $(BASELINE_COST) when it exists (README "Performance")
BASELINE_COST ?= reference/baseline/cost.json
cost: build
	bash scripts/cost.sh --daebench $(DAEBENCH) --out $(RESULTS)/cost \
	  $(if $(wildcard $(BASELINE_COST)),--baseline $(BASELINE_COST))

# accept the last sweep as the new baseline (after make bench-quick / make bench)
baseline:
	@grep -q '"suite":[[:space:]]*"quick"' $(RESULTS)/bench.json || \
	  { echo "baseline: $(RESULTS)/bench.json is not a quick-suite run (make bench-quick first)"; exit 2; }
	mkdir -p $(dir $(BASELINE_QUICK)) $(dir $(BASELINE_FULL))
	cp $(RESULTS)/bench.json $(BASELINE_QUICK)

baseline-full:
	@grep -q '"suite":[[:space:]]*"full"' $(RESULTS)/bench.json || \
	  { echo "baseline-full: $(RESULTS)/bench.json is not a full-suite run (make bench first)"; exit 2; }
	mkdir -p $(dir $(BASELINE_QUICK)) $(dir $(BASELINE_FULL))
	cp $(RESULTS)/bench.json $(BASELINE_FULL)

reference: build
	$(DAEBENCH) reference --all

clean:
	rm -rf $(BUILD) $(ASAN) $(RESULTS)
