# Makefile — the two commands of the quick start (make test, make bench) and a few
# more, wrapping CMake.  Every target first makes sure the Debian packages are there.
BUILD   ?= build
ASAN    ?= build-asan
# a quick and a full sweep never overwrite each other
QUICK   ?= results/quick
FULL    ?= results/full
RESULTS ?= results
JOBS    ?= 2
BASELINE_QUICK ?= reference/baseline/quick.json
BASELINE_FULL  ?= reference/baseline/full.json
BASELINE_PAPERS ?= reference/baseline/papers.json
DAEBENCH = $(BUILD)/daebench
export OPENBLAS_NUM_THREADS = 1

.PHONY: all setup build program test test-asan bench bench-quick scaling cost peers profiles baseline baseline-full reference browser-check clean \
        papers papers-baseline papers-regenerate

all: build

setup:
	@bash scripts/setup.sh

$(BUILD)/CMakeCache.txt: | setup
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release

build: setup $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS)

# the daebench program alone: what the sweeps, diagrams and measurements run
# (make's no-op pass over every test target costs seconds)
program: setup $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS) --target daebench

test: build
	ctest --test-dir $(BUILD) --output-on-failure -j $(JOBS)

test-asan: setup
	cmake -S . -B $(ASAN) -DCMAKE_BUILD_TYPE=Debug -DDAEBENCH_SANITIZE=ON
	cmake --build $(ASAN) -j $(JOBS)
	ctest --test-dir $(ASAN) --output-on-failure -j $(JOBS)

# full sweep, CSV, diagrams, report, regression check against the stored
# baseline (exit 1 on a regression); see README "Benchmarks"
bench: program
	$(DAEBENCH) bench --suite full --out $(FULL)
	$(DAEBENCH) plot --results $(FULL)/bench.json --out $(FULL)/plots $(if $(wildcard $(BASELINE_FULL)),--baseline $(BASELINE_FULL))
	$(DAEBENCH) report --results $(FULL)/bench.json --plots $(FULL)/plots $(if $(wildcard $(BASELINE_FULL)),--baseline $(BASELINE_FULL))
	@if [ -f $(BASELINE_FULL) ]; then \
	  $(DAEBENCH) check --baseline $(BASELINE_FULL) --results $(FULL)/bench.json; \
	else echo "bench: no $(BASELINE_FULL) yet (make baseline-full), regression check skipped"; fi

# the subset CI runs (under five minutes on 2 cores)
bench-quick: program
	$(DAEBENCH) bench --suite quick --out $(QUICK)
	$(DAEBENCH) plot --results $(QUICK)/bench.json --out $(QUICK)/plots $(if $(wildcard $(BASELINE_QUICK)),--baseline $(BASELINE_QUICK))
	$(DAEBENCH) report --results $(QUICK)/bench.json --plots $(QUICK)/plots $(if $(wildcard $(BASELINE_QUICK)),--baseline $(BASELINE_QUICK))
	@if [ -f $(BASELINE_QUICK) ]; then \
	  $(DAEBENCH) check --baseline $(BASELINE_QUICK) --results $(QUICK)/bench.json; \
	else echo "bench-quick: no $(BASELINE_QUICK) yet (make baseline), regression check skipped"; fi

# cost per step against N of the chains (suite "scaling", harness/sweep/suite.c), one
# run at a time for quiet timing; the diagram $(RESULTS)/plots/scaling.png/.svg,
# the fitted slopes printed (README "Benchmarks")
scaling: program
	$(DAEBENCH) bench --suite scaling --jobs 1 --out $(RESULTS)/scaling
	$(DAEBENCH) plot --results $(RESULTS)/scaling/bench.json --out $(RESULTS)/plots

# instructions per accepted step of a fixed set of runs under callgrind, and
# beside them CPU per step in COST_ROUNDS interleaved rounds (min, median, max;
# information, not gated) (scripts/cost.sh): $(RESULTS)/cost/cost.json and
# cost.png, the instructions checked against $(BASELINE_COST) when it exists;
# once `make peers` has built the Fortran RADAU5 drivers into $(PEERS)/bin they
# are measured beside ours (README "Performance", docs/performance.md)
BASELINE_COST ?= reference/baseline/cost.json
COST_ROUNDS ?= 5
PEERS ?= $(RESULTS)/peers
cost: program
	bash scripts/cost.sh --daebench $(DAEBENCH) --out $(RESULTS)/cost --rounds $(COST_ROUNDS) \
	  $(if $(wildcard $(BASELINE_COST)),--baseline $(BASELINE_COST)) \
	  $(if $(wildcard $(PEERS)/bin),--peer $(PEERS)/bin)

# the Fortran peer of `make cost`: RADAU5 (deSolve 1.34's copy, fetched by
# apt-get source as root, or RADAU5_SRC=DIR) and the drivers of peers/radau5,
# gfortran -O2, into $(PEERS)/bin (scripts/fortran_peer.sh, docs/performance.md)
peers: setup
	bash scripts/fortran_peer.sh --out $(PEERS)

# the profiles of the four cost runs (top functions, instructions per step, under
# callgrind with cache and branch simulation): docs/profiles.md (scripts/profiles.sh)
profiles: program
	bash scripts/profiles.sh --daebench $(DAEBENCH) --out docs/profiles.md

# accept the last sweep as the new baseline (make bench-quick -> results/quick,
# make bench -> results/full)
baseline:
	@grep -q '"suite":[[:space:]]*"quick"' $(QUICK)/bench.json || \
	  { echo "baseline: $(QUICK)/bench.json is not a quick-suite run (make bench-quick first)"; exit 2; }
	mkdir -p $(dir $(BASELINE_QUICK)) $(dir $(BASELINE_FULL))
	cp $(QUICK)/bench.json $(BASELINE_QUICK)

baseline-full:
	@grep -q '"suite":[[:space:]]*"full"' $(FULL)/bench.json || \
	  { echo "baseline-full: $(FULL)/bench.json is not a full-suite run (make bench first)"; exit 2; }
	mkdir -p $(dir $(BASELINE_QUICK)) $(dir $(BASELINE_FULL))
	cp $(FULL)/bench.json $(BASELINE_FULL)

# the report and diff page in headless Chromium (plots/tests/browser_check.sh):
# no horizontal overflow at 1024 px, every image loads, legend toggles work
browser-check: build
	bash scripts/setup.sh chromium
	bash plots/tests/browser_check.sh $(QUICK)

reference: build
	$(DAEBENCH) reference --all

# the reproduction page of the seeds' published tables (papers/, README "Faithful to
# the papers"): results/papers.{html,md,json}; a verdict worse than in the stored
# baseline is a regression (exit 1)
# the reproduction page (docs/reproduction.md): verdicts against the baseline, and
# the committed page docs/papers.md must equal the generated results/papers.md
# (scripts/papers_page_check.sh); both checks run, either failing fails the target
papers: program
	@mkdir -p $(RESULTS)
	@rc=0; if [ -f $(BASELINE_PAPERS) ]; then \
	  $(DAEBENCH) papers --out $(RESULTS) --baseline $(BASELINE_PAPERS) || rc=1; \
	else $(DAEBENCH) papers --out $(RESULTS) || rc=1; \
	  echo "papers: no $(BASELINE_PAPERS) yet (make papers-baseline), comparison skipped"; fi; \
	bash scripts/papers_page_check.sh docs/papers.md $(RESULTS)/papers.md || rc=1; \
	exit $$rc

# accept the last papers run: its verdicts as the baseline, its page as docs/papers.md
papers-baseline:
	@grep -q '"schema":[[:space:]]*"daebench.papers-results/1"' $(RESULTS)/papers.json || \
	  { echo "papers-baseline: no $(RESULTS)/papers.json (make papers first)"; exit 2; }
	mkdir -p $(dir $(BASELINE_PAPERS))
	cp $(RESULTS)/papers.json $(BASELINE_PAPERS)
	cp $(RESULTS)/papers.md docs/papers.md

# the one command after a solver change (or a merge): run the page without the
# comparison and accept it (baseline and docs/papers.md); then `make papers` passes
papers-regenerate: program
	@mkdir -p $(RESULTS)
	$(DAEBENCH) papers --out $(RESULTS) || \
	  { echo "papers-regenerate: fix the data first (a different without a cause?)"; exit 1; }
	$(MAKE) --no-print-directory papers-baseline

clean:
	rm -rf $(BUILD) $(ASAN) $(RESULTS)
