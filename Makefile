# relevel — see README.md. Every target works on a fresh clone with only Go installed.
GO       ?= go
FUZZTIME ?= 20s
DEMO     ?= testdata/corpus/mixed/zap-klog-logrus.log testdata/corpus/mixed/zap-klog-panic.log
# OpenTofu CLI for the provider's acceptance tests: built once from the Go
# module at TOFU_VERSION and cached outside the repository.
# An OpenTofu of that version already on PATH is used as it is.
TOFU_VERSION ?= v1.12.6
TOFU         ?= $(shell p=$$(command -v tofu 2>/dev/null) && TF_CLI_CONFIG_FILE=/dev/null "$$p" version 2>/dev/null | grep -qx 'OpenTofu $(TOFU_VERSION)' && echo "$$p" || echo "$$($(GO) env GOPATH)/bin/tofu-$(TOFU_VERSION)")
# Helm CLI for the chart's tests (deploy/helm): one of this version on PATH, or built once from
# its Go module and cached beside OpenTofu.
HELM_VERSION ?= v3.22.0
HELM         ?= $(shell p=$$(command -v helm 2>/dev/null) && "$$p" version --template '{{.Version}}' 2>/dev/null | grep -qx '$(HELM_VERSION)' && echo "$$p" || echo "$$($(GO) env GOPATH)/bin/helm-$(HELM_VERSION)")
# tfplugindocs (github.com/hashicorp/terraform-plugin-docs) for the provider's registry docs (docs/):
# built once from its Go module at this version, outside go.mod, and cached beside OpenTofu.
TFPLUGINDOCS_VERSION ?= v0.25.0
TFPLUGINDOCS         ?= $(shell echo "$$($(GO) env GOPATH)/bin/tfplugindocs-$(TFPLUGINDOCS_VERSION)")
# The Terraform CLI, when one is on PATH: the provider's acceptance tests run
# with it too (make test says loudly when it is missing).
TERRAFORM    ?= $(shell command -v terraform 2>/dev/null)

.PHONY: all build demo demo-sidecar docs helm image test test-terraform tfplugindocs lint bench bench-scan bench-ship bench-sidecar fuzz golden corpus corpus-external corpus-tools readme parser-diff clean tofu soak chromium

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
## the Terraform provider's acceptance tests against the real OpenTofu CLI, and docs/ against
## what tfplugindocs generates), then the peak-memory test without the race detector, then the
## provider's tests again with the Terraform CLI when
## one is on PATH
test: lint tofu helm tfplugindocs
	HELM=$(HELM) TFPLUGINDOCS=$(TFPLUGINDOCS) TF_ACC=1 TF_ACC_TERRAFORM_PATH=$(TOFU) TF_ACC_PROVIDER_NAMESPACE=relevel TF_ACC_PROVIDER_HOST=registry.opentofu.org \
	$(GO) test -race -count=1 -timeout 25m ./...
	@# Peak memory is the real binary's without the race detector (which
	@# multiplies it), so this test is !race and runs on its own here.
	$(GO) test -count=1 -run '^TestPeakRSSOutageAndCatchUp$$' ./cmd/relevel
	@$(MAKE) --no-print-directory test-terraform

## test-terraform: the provider's acceptance tests (and the docs check, with the schema Terraform
## exports) with the Terraform CLI ($(TERRAFORM)), as registry.terraform.io resolves the provider;
## without one, a loud notice, not a failure
test-terraform: tfplugindocs
ifeq ($(TERRAFORM),)
	@echo; echo "*** SKIPPED: no terraform on PATH: the provider's acceptance tests ran with OpenTofu only. ***"; echo
else
	TFPLUGINDOCS=$(TFPLUGINDOCS) TF_ACC=1 TF_ACC_TERRAFORM_PATH=$(TERRAFORM) TF_ACC_PROVIDER_NAMESPACE=relevel TF_ACC_PROVIDER_HOST=registry.terraform.io \
	$(GO) test -race -count=1 -timeout 25m ./terraform-provider/...
endif

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

## docs: regenerate the provider's registry docs (docs/index.md, docs/resources/, docs/data-sources/)
## with tfplugindocs from terraform-provider/templates/, examples/ and the provider's schema, which
## $(TOFU) exports offline from the plugin built into a plugin directory (the test TestDocs does the
## same into a temporary directory and fails while docs/ differs)
docs: tofu tfplugindocs
	TFPLUGINDOCS=$(TFPLUGINDOCS) TF_ACC_TERRAFORM_PATH=$(TOFU) \
	$(GO) test -count=1 -run '^TestDocs$$' ./terraform-provider/provider -update

## tfplugindocs: build tfplugindocs (TFPLUGINDOCS_VERSION) into $(TFPLUGINDOCS), unless it is there
tfplugindocs: $(TFPLUGINDOCS)
$(TFPLUGINDOCS):
	@set -e; tmp=$$(mktemp -d); trap 'rm -rf "$$tmp"' EXIT; \
	echo "building tfplugindocs $(TFPLUGINDOCS_VERSION) into $(TFPLUGINDOCS) (first time only)"; \
	GOBIN="$$tmp" CGO_ENABLED=0 $(GO) install -trimpath \
	  -ldflags "-s -w -X github.com/hashicorp/terraform-plugin-docs/cmd/tfplugindocs/build.version=$(TFPLUGINDOCS_VERSION:v%=%)" \
	  github.com/hashicorp/terraform-plugin-docs/cmd/tfplugindocs@$(TFPLUGINDOCS_VERSION); \
	mkdir -p "$(dir $(TFPLUGINDOCS))"; mv "$$tmp/tfplugindocs" "$(TFPLUGINDOCS)"; "$(TFPLUGINDOCS)" --version

## image: the container image without a Docker engine (internal/image): the static binary for
## linux/$(IMAGE_ARCH), a non-root user, OCI labels; written as a `docker load`-able tarball
## (bin/relevel-image.tar) and an OCI layout (bin/relevel-oci). Dated by the last commit, so the same
## commit gives the same digest.
IMAGE_REF  ?= ghcr.io/relevel/relevel:dev
IMAGE_ARCH ?= $(shell $(GO) env GOARCH)
image:
	CGO_ENABLED=0 GOOS=linux GOARCH=$(IMAGE_ARCH) $(GO) build -trimpath -ldflags "-s -w -buildid=" -o bin/image/relevel ./cmd/relevel
	SOURCE_DATE_EPOCH=$$(git log -1 --format=%ct 2>/dev/null || echo 0) $(GO) run ./internal/image/mkimage -binary bin/image/relevel \
	  -arch $(IMAGE_ARCH) -ref $(IMAGE_REF) -revision "$$(git rev-parse HEAD 2>/dev/null)" -tar bin/relevel-image.tar -oci bin/relevel-oci

## helm: build the Helm CLI (HELM_VERSION) into $(HELM), unless it is there; with the version
## and the Kubernetes version (that of its client-go, v0.37 -> 1.37) that Helm's own Makefile
## stamps, so that `helm version`, lint and --dry-run behave as a released Helm's
HELM_LDFLAGS = -X helm.sh/helm/v3/internal/version.version=$(HELM_VERSION) \
  -X helm.sh/helm/v3/pkg/lint/rules.k8sVersionMajor=1 -X helm.sh/helm/v3/pkg/lint/rules.k8sVersionMinor=37 \
  -X helm.sh/helm/v3/pkg/chartutil.k8sVersionMajor=1 -X helm.sh/helm/v3/pkg/chartutil.k8sVersionMinor=37
helm: $(HELM)
$(HELM):
	@set -e; tmp=$$(mktemp -d); trap 'rm -rf "$$tmp"' EXIT; \
	echo "building Helm $(HELM_VERSION) into $(HELM) (first time only)"; \
	GOBIN="$$tmp" CGO_ENABLED=0 $(GO) install -trimpath -ldflags "-s -w $(HELM_LDFLAGS)" helm.sh/helm/v3/cmd/helm@$(HELM_VERSION); \
	mkdir -p "$(dir $(HELM))"; mv "$$tmp/helm" "$(HELM)"; "$(HELM)" version --short

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

## bench-scan: BenchmarkScan against the code of issue 14's day (SCAN_BASE, 7dd13a1) on that day's
## corpus, SCAN_RUNS alternating runs of 3000 passes each (default 15): the ratio of the medians by
## the clock and in CPU time per pass; needs the clone's history. SCAN_PGO=cmd/relevel/default.pgo
## adds today's code built with that profile.
SCAN_BASE ?= 7dd13a1
SCAN_RUNS ?= 15
SCAN_PGO  ?=
bench-scan:
	$(GO) run ./internal/scanratio -base $(SCAN_BASE) -runs $(SCAN_RUNS) $(if $(SCAN_PGO),-pgo $(SCAN_PGO))

## bench-ship: the datadog sink against what it replaced (issue 14's 10x), each run its own process,
## SHIP_RUNS rounds in rotating order (default 15): the sink of SHIP_BASE (7dd13a1, issue 14's day)
## against today's on that day's corpus (BenchmarkShipRace, added to both trees), and BenchmarkShip's
## client path against the sink on today's corpus; CPU time per record, the ratio of the medians and
## the median of the rounds' ratios. Needs the clone's history.
SHIP_BASE ?= 7dd13a1
SHIP_RUNS ?= 15
bench-ship:
	$(GO) run ./internal/shipratio -base $(SHIP_BASE) -runs $(SHIP_RUNS)

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

## fuzz: every fuzz target in the repository (each func Fuzz* found in a _test.go), each for FUZZTIME
## (seed corpora: testdata/ and */testdata/fuzz/)
fuzz:
	@set -e; for d in $$(grep -rl --include='*_test.go' '^func Fuzz' . | xargs -n1 dirname | sort -u); do \
	  for f in $$(grep -h '^func Fuzz' $$d/*_test.go | sed 's/^func \(Fuzz[A-Za-z0-9_]*\).*/\1/'); do \
	    echo "== $$d $$f"; \
	    $(GO) test -run '^$$' -fuzz "^$$f$$" -fuzztime $(FUZZTIME) -fuzzminimizetime 10s $$d; \
	  done; \
	done

## readme: rerun the benchmarks and rewrite the README's table from that run
readme:
	$(GO) run ./internal/benchreport -count 5

## parser-diff: compare the parser and ndjson at REV (default HEAD) with the working tree's (~32M comparisons);
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

## corpus-external: regenerate only the corpus of the loggers outside Go (CPython, the JVM, nginx, PostgreSQL, Ruby, Redis, MariaDB, Rust, Node) with the programs
## installed here (a missing one is skipped and its committed streams kept), then the golden files; Node's loggers
## (pino, bunyan, winston) are installed by the generator itself with npm ci from internal/corpusgen/ext/node/package-lock.json
EXTERNAL ?= python,java,nginx,postgres,ruby,redis,mysql,rust,node
corpus-external:
	$(GO) run ./internal/corpusgen/cmd/corpusgen -out testdata/corpus -pods '' -only $(EXTERNAL)
	$(MAKE) golden

## corpus-tools: install from Debian's packages the programs corpus-external runs (needs apt-get and
## root; make test needs none of them, the corpus they write is committed): CPython's uvicorn and
## gunicorn, Tornado, logback and log4j2 jars, nginx, PostgreSQL and PgBouncer, Ruby and Sidekiq, Redis, MariaDB, PHP-FPM, Apache httpd, RabbitMQ, ClickHouse, the Rust crates; a JDK,
## Node with npm, and cargo only when none is on PATH (a Node or Rust of another origin stays as it is)
CORPUS_PACKAGES := gunicorn python3-uvicorn python3-tornado liblogback-java liblog4j2-java libslf4j-java nginx-light postgresql ruby ruby-sidekiq redis-server mariadb-server php8.2-fpm apache2 rabbitmq-server clickhouse-server pgbouncer \
	librust-env-logger-dev librust-tracing-subscriber-dev librust-tracing-dev librust-log-dev
corpus-tools:
	pkgs="$(CORPUS_PACKAGES)"; \
	command -v javac >/dev/null || pkgs="$$pkgs default-jdk-headless"; \
	command -v node >/dev/null && command -v npm >/dev/null || pkgs="$$pkgs nodejs npm"; \
	command -v cargo >/dev/null || pkgs="$$pkgs cargo"; \
	apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$pkgs

clean:
	rm -rf bin
