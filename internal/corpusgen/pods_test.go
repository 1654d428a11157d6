package corpusgen

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var updatePods = flag.Bool("update-pods", false, "rewrite testdata/pods from the committed corpus")

// The committed sample node tree is what WritePods makes of the committed
// corpus: nothing in it is typed by hand.
func TestCommittedPods(t *testing.T) {
	const corpus, committed = "../../testdata/corpus", "../../testdata/pods"
	if *updatePods {
		if err := os.RemoveAll(committed); err != nil {
			t.Fatal(err)
		}
		if err := WritePods(corpus, committed); err != nil {
			t.Fatal(err)
		}
	}
	fresh := t.TempDir()
	if err := WritePods(corpus, fresh); err != nil {
		t.Fatal(err)
	}
	for _, ps := range PodStreams {
		want, err := os.ReadFile(filepath.Join(fresh, ps.Path))
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(filepath.Join(committed, ps.Path))
		if err != nil {
			t.Fatalf("%v (run go test ./internal/corpusgen -run TestCommittedPods -update-pods)", err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s differs from WritePods of %s (run with -update-pods)", ps.Path, ps.Corpus)
		}
	}
}
