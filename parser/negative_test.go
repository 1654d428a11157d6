package parser_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/relevel/relevel/parser/join"
)

// TestNegativeCorpus: detection must not claim what it does not understand.
// Every record of testdata/negative (web servers, databases, JVM and Python
// tracebacks, CSV, blobs, ANSI art) comes out with format "".
func TestNegativeCorpus(t *testing.T) {
	files, _ := filepath.Glob("../testdata/negative/*.log")
	if len(files) < 8 {
		t.Fatalf("negative corpus missing: %v", files)
	}
	n := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		s := join.New(bytes.NewReader(data))
		for s.Next() {
			n++
			if r := s.Record(); r.Format.String() != "" {
				t.Errorf("%s: claimed as %s/%s: %q", filepath.Base(f), r.Format, r.Level, s.Raw())
			}
		}
	}
	t.Logf("%d negative records, none claimed", n)
}
