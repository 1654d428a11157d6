# relevel — see README.md. Every target works on a fresh clone with only Go installed.
GO       ?= go
FUZZTIME ?= 20s
DEMO     ?= testdata/corpus/mixed/zap-klog-logrus.log testdata/corpus/mixed/zap-klog-panic.log
# OpenTofu CLI for the provider's acceptance tests: built once from the Go
# module at TOFU_VERSION and cached outside the repository.
TOFU_VERSION ?= v1.12.6
TOFU         ?= $(shell $(GO) env GOPATH)/bin/tofu-$(TOFU_VERSION)

.PHONY: all build demo demo-sidecar test lint bench bench-sidecar fuzz golden corpus corpus-external readme parser-diff clean tofu soak chromium

all: build

build:
	$(GO) build -o bin/relevel ./cmd/relevel

## demo: repair the bundled sample stream (klog, zap, logrus and a Go panic) and print the records,
## then the report of the bundled node tree: how many of its records Datadog shows as false errors
demo:
	@cat $(DEMO) | $(GO) run ./cmd/relevel parse
	@echo
	@$(GO) run ./cmd/relevel report testdata/pods

## test: lint, then every test with the race detector (golden corpus, fuzz seeds, CLI,
## and the Terraform provider's acceptance tests against the real OpenTofu CLI)
test: lint tofu
	TF_ACC=1 TF_ACC_TERRAFORM_PATH=$(TOFU) TF_ACC_PROVIDER_NAMESPACE=relevel TF_ACC_PROVIDER_HOST=registry.opentofu.org \
	$(GO) test -race -count=1 ./...

## chromium: install Debian's chromium for the HTML report's browser test, unless a Chrome is on PATH
## (the test skips without one, except under CI; .ci/run calls this target; needs apt-get and root)
chromium:
	@command -v chromium >/dev/null || command -v chromium-browser >/dev/null || command -v google-chrome >/dev/null || \
	  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }

## tofu: build the OpenTofu CLI (TOFU_VERSION) into $(TOFU), unless it is there.
## Its module has a replace directive, so `go install …@version` refuses it: download
## the module and build ./cmd/tofu in a writable copy (the module cache is read-only).
tofu: $(TOFU)

$(TOFU):
	@set -e; \
	tmp=$$(mktemp -d); trap 'chmod -R u+w "$$tmp"; rm -rf "$$tmp"' EXIT; \
	dir=$$(cd "$$tmp" && GOWORK=off $(GO) mod download -json github.com/opentofu/opentofu@$(TOFU_VERSION) | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",*$$/\1/p'); \
	test -n "$$dir" || { echo "tofu: go mod download gave no Dir for $(TOFU_VERSION)"; exit 1; }; \
	cp -R "$$dir" "$$tmp/src"; chmod -R u+w "$$tmp/src"; \
	mkdir -p "$(dir $(TOFU))"; \
	echo "building OpenTofu $(TOFU_VERSION) into $(TOFU) (first time only)"; \
	cd "$$tmp/src" && GOWORK=off GOFLAGS=-mod=readonly CGO_ENABLED=0 $(GO) build -trimpath \
	  -ldflags "-s -w -X github.com/opentofu/opentofu/version.dev=no" -o "$(TOFU).tmp" ./cmd/tofu; \
	mv "$(TOFU).tmp" "$(TOFU)"; "$(TOFU)" version

## lint: gofmt and go vet
lint:
	@out=$$(gofmt -l $$(find . -name '*.go' -not -path './.git/*')); \
	if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...

## bench: parser and joiner against the grok and regexp baselines, in one run
bench:
	$(GO) test -p 1 -run '^$$' -bench . -benchmem -count=1 ./parser/ ./parser/join/

## demo-sidecar: relevel sidecar over the bundled node tree (testdata/pods) for 3 s, then SIGTERM
demo-sidecar:
	$(GO) build -o bin/relevel ./cmd/relevel
	@state=$$(mktemp -d) && timeout --preserve-status -s TERM 3 bin/relevel sidecar \
		--include 'testdata/pods/*/*/*.log' --state-dir $$state; status=$$?; rm -rf $$state; exit $$status

## bench-sidecar: the forwarder's whole path on one core (README "Forwarder performance")
bench-sidecar:
	$(GO) test -p 1 -run '^$$' -bench '^BenchmarkForward$$' -cpu 1 -benchmem -count 5 ./sidecar/

## soak: the fault driver (internal/soak) runs the real binary under SOAK_RUNS seeded random
## schedules per sink (default 200), from seed SEED (default 1); `make soak SEED=N` replays seed N
## alone. SOAK_SINKS (file,datadog) and SOAK_DURATION (6s of writing each) narrow or widen it.
SEED          ?=
SOAK_RUNS     ?= $(if $(SEED),1,200)
SOAK_SINKS    ?= file,datadog
SOAK_DURATION ?= 6s
soak:
	SOAK_SEED=$(or $(SEED),1) SOAK_RUNS=$(SOAK_RUNS) SOAK_SINKS=$(SOAK_SINKS) SOAK_DURATION=$(SOAK_DURATION) \
	$(GO) test -count=1 -timeout 0 -run '^TestSoak$$' -v ./internal/soak/

## fuzz: each fuzz target for FUZZTIME (seed corpora: testdata/ and */testdata/fuzz/)
fuzz:
	$(GO) test -run '^$$' -fuzz '^FuzzParse$$' -fuzztime $(FUZZTIME) ./parser/
	$(GO) test -run '^$$' -fuzz '^FuzzJSONLine$$' -fuzztime $(FUZZTIME) ./parser/
	$(GO) test -run '^$$' -fuzz '^FuzzTrailingPairs$$' -fuzztime $(FUZZTIME) ./parser/
	$(GO) test -run '^$$' -fuzz '^FuzzLogfmtOracle$$' -fuzztime $(FUZZTIME) ./parser/
	$(GO) test -run '^$$' -fuzz '^FuzzJoin$$' -fuzztime $(FUZZTIME) ./parser/join/
	$(GO) test -run '^$$' -fuzz '^FuzzEncode$$' -fuzztime $(FUZZTIME) ./ndjson/
	$(GO) test -run '^$$' -fuzz '^FuzzCompactJSON$$' -fuzztime $(FUZZTIME) ./ndjson/
	$(GO) test -run '^$$' -fuzz '^FuzzGrok$$' -fuzztime $(FUZZTIME) ./rules/grok/
	$(GO) test -run '^$$' -fuzz '^FuzzCRI$$' -fuzztime $(FUZZTIME) -fuzzminimizetime 10s ./sidecar/container/
	$(GO) test -run '^$$' -fuzz '^FuzzDocker$$' -fuzztime $(FUZZTIME) -fuzzminimizetime 10s ./sidecar/container/
	$(GO) test -run '^$$' -fuzz '^FuzzItem$$' -fuzztime $(FUZZTIME) -fuzzminimizetime 10s ./sidecar/intake/

## readme: rerun the benchmarks and rewrite the README's table from that run
readme:
	$(GO) run ./internal/benchreport -count 5

## parser-diff: compare the parser at REV (default HEAD) with the working tree's on ~16M inputs;
## a parser change meant to keep its output (speed work) must show 0 differ
REV ?= HEAD
parser-diff:
	$(GO) run ./internal/parserdiff -rev $(REV)

## golden: rewrite testdata/corpus/*/*.golden.json from the parser's current output
golden:
	$(GO) test -count=1 -run '^TestGolden$$' ./parser/ -update

## corpus: regenerate testdata/corpus with the real loggers, then the golden files
corpus:
	$(GO) run ./internal/corpusgen/cmd/corpusgen -out testdata/corpus -pods testdata/pods
	$(MAKE) golden

## corpus-external: regenerate only the corpus of the loggers outside Go (CPython, the JVM, nginx, PostgreSQL, Ruby, Redis) with the programs
## installed here (a missing one is skipped and its committed streams kept), then the golden files
EXTERNAL ?= python,java,nginx,postgres,ruby,redis
corpus-external:
	$(GO) run ./internal/corpusgen/cmd/corpusgen -out testdata/corpus -pods '' -only $(EXTERNAL)
	$(MAKE) golden

clean:
	rm -rf bin
