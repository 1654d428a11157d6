# relevel — see README.md. Every target works on a fresh clone with only Go installed.
GO       ?= go
FUZZTIME ?= 20s
DEMO     ?= testdata/corpus/mixed/zap-klog-logrus.log testdata/corpus/mixed/zap-klog-panic.log

.PHONY: all build demo test lint bench fuzz golden corpus readme clean

all: build

build:
	$(GO) build -o bin/relevel ./cmd/relevel

## demo: repair the bundled sample stream (klog, zap, logrus and a Go panic) and print the records
demo:
	@cat $(DEMO) | $(GO) run ./cmd/relevel parse

## test: lint, then every test with the race detector (golden corpus, fuzz seeds, CLI)
test: lint
	$(GO) test -race -count=1 ./...

## lint: gofmt and go vet
lint:
	@out=$$(gofmt -l $$(find . -name '*.go' -not -path './.git/*')); \
	if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...

## bench: parser and joiner against the grok and regexp baselines, in one run
bench:
	$(GO) test -run '^$$' -bench . -benchmem -count=1 ./parser/ ./parser/join/

## fuzz: each fuzz target for FUZZTIME (seed corpora: testdata/ and */testdata/fuzz/)
fuzz:
	$(GO) test -run '^$$' -fuzz '^FuzzParse$$' -fuzztime $(FUZZTIME) ./parser/
	$(GO) test -run '^$$' -fuzz '^FuzzJoin$$' -fuzztime $(FUZZTIME) ./parser/join/
	$(GO) test -run '^$$' -fuzz '^FuzzEncode$$' -fuzztime $(FUZZTIME) ./ndjson/

## readme: rerun the benchmarks and rewrite the README's table from that run
readme:
	$(GO) run ./internal/benchreport -count 5

## golden: rewrite testdata/corpus/*/*.golden.json from the parser's current output
golden:
	$(GO) test -count=1 -run '^TestGolden$$' ./parser/ -update

## corpus: regenerate testdata/corpus with the real loggers, then the golden files
corpus:
	$(GO) run ./internal/corpusgen/cmd/corpusgen -out testdata/corpus
	$(MAKE) golden

clean:
	rm -rf bin
