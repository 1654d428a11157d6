package main

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/relevel/relevel/internal/corpusgen"
	"github.com/relevel/relevel/sidecar"
)

// `relevel sidecar` over the bundled node tree (testdata/pods, the README's
// `make demo-sidecar`): every file's records come out with the format and
// status the real loggers' truth records, in order, with the pod metadata
// of its path.
func TestSampleTree(t *testing.T) {
	t.Parallel()
	e := newSidecarEnv(t)
	tree, err := filepath.Abs("../../testdata/pods")
	if err != nil {
		t.Fatal(err)
	}
	type want struct{ format, status string }
	wants := map[string][]want{}
	total := 0
	for _, ps := range corpusgen.PodStreams {
		truth, err := corpusgen.ReadTruth(filepath.Join("../../testdata/corpus", strings.TrimSuffix(ps.Corpus, ".log")+".truth.json"))
		if err != nil {
			t.Fatal(err)
		}
		meta, ok := sidecar.MetaFromPath("/var/log/pods/" + ps.Path)
		if !ok {
			t.Fatalf("%s is not a kubelet path", ps.Path)
		}
		for _, r := range truth.Records {
			status := r.Level
			if status == "" {
				status = map[string]string{"stdout": "info", "stderr": "error"}[ps.Stream]
			}
			wants[meta.Pod] = append(wants[meta.Pod], want{r.Format, status})
		}
		total += len(truth.Records)
	}
	// The record counts must be exact and the tree holds multi-line
	// records: the shared 50ms --flush-interval lets a read stalled
	// mid-record on a loaded machine split it in two. The later flag wins.
	p := e.start(t, "--include", filepath.Join(tree, "*", "*", "*.log"), "--flush-interval", "1s")
	out := e.output(t)
	deadline := time.Now().Add(deliverWithin)
	for out.poll() < total {
		if time.Now().After(deadline) {
			t.Fatalf("%d of %d records", out.poll(), total)
		}
		p.running(t)
		time.Sleep(50 * time.Millisecond)
	}
	p.stop(t)
	got := map[string][]want{}
	for _, r := range out.recs {
		got[r.Pod] = append(got[r.Pod], want{r.Format, r.Status})
	}
	for pod, w := range wants {
		g := got[pod]
		if len(g) != len(w) {
			t.Errorf("%s: %d records, want %d", pod, len(g), len(w))
			continue
		}
		for i := range w {
			if g[i] != w[i] {
				t.Errorf("%s record %d: %v, want %v", pod, i, g[i], w[i])
			}
		}
	}
	t.Logf("%d records from %d files", total, len(wants))
}
