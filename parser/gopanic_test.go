package parser_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/relevel/relevel/parser"
)

// TestGoroutineDumpGrammar holds the dump grammar to every Go panic the
// runtime wrote into the corpus (the truth spans come from the generator):
// each line after a record's first goroutine header must fit it, or the
// joiner would cut a real dump short.
func TestGoroutineDumpGrammar(t *testing.T) {
	truths, _ := filepath.Glob(filepath.Join(corpusDir, "*", "*.truth.json"))
	checked := 0
	for _, tf := range truths {
		tr := loadTruth(t, tf)
		data, err := os.ReadFile(strings.TrimSuffix(tf, ".truth.json") + ".log")
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(data), "\n")
		for _, r := range tr.Records {
			if r.Format != "gopanic" {
				continue
			}
			in := false
			for _, l := range lines[r.Line-1 : r.Line-1+r.Lines] {
				if in {
					checked++
					if !parser.GoroutineDumpLine([]byte(l)) {
						t.Errorf("%s:%d: dump line %q does not fit the grammar", tf, r.Line, l)
					}
				}
				in = in || parser.GoroutineHeader([]byte(l))
			}
			if !in {
				t.Errorf("%s:%d: panic record without a goroutine header", tf, r.Line)
			}
		}
	}
	if checked < 100 {
		t.Fatalf("only %d dump lines checked: is the corpus there?", checked)
	}
}

// TestGoroutineDumpLineRejects lists lines seen after dumps in real streams
// that must end the record, and dump lines of shapes the corpus lacks.
func TestGoroutineDumpLineRejects(t *testing.T) {
	for _, l := range []string{
		"supervisor: worker exited, restarting in 5s",
		"s6-rc: warning: unable to start service app: command exited 2",
		"Restarting (attempt 3)",
		"I1130 05:52:39.224952 1 main.go:124] started",
		"    at com.example.Foo(Foo.java:12)",
		`10.0.0.1 - - [30/Nov/2026:04:40:42 +0000] "GET / HTTP/1.1" 200 2`,
		"[GIN-debug] GET /api/tags",
	} {
		if parser.GoroutineDumpLine([]byte(l)) {
			t.Errorf("%q fits the dump grammar", l)
		}
	}
	for _, l := range []string{
		"goroutine 1 gp=0xc000002380 m=0 mp=0x5b5e80 [running]:",
		"runtime stack:",
		"...additional frames elided...",
		"[originating from goroutine 7]:",
		"rax    0x0",
		"rflags 0x10246",
		"PC=0x46e0e1 m=0 sigcode=0",
		"main.F[...](...)",
		"net/http.(*conn).serve(0xc0001b6000, {0x8c2f10, 0xc000092000})",
		"created by net/http.(*Server).Serve in goroutine 1",
		"exit status 2\r",
	} {
		if !parser.GoroutineDumpLine([]byte(l)) {
			t.Errorf("%q does not fit the dump grammar", l)
		}
	}
}
