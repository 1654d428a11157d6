package sidecar

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/relevel/relevel/parser"
)

// klog writes no year and no zone, nor does go-ethereum's terminal form. A
// file replayed long after it was written (here, 2024 lines read in 2026 or
// later) must keep its year: the reference is the runtime's timestamp on
// each line, not the clock, also across New Year, where the clock would pick
// the wrong year.
func TestKlogYearFromRuntime(t *testing.T) {
	if time.Now().Year() <= 2024 {
		t.Skip("the clock must be past the file's year for this test to tell the two apart")
	}
	root := t.TempDir()
	dir := filepath.Join(root, "pods", "ns_pod_uid", "c")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	appendFile(t, filepath.Join(dir, "0.log"),
		"2024-03-15T10:20:30.124Z stderr F I0315 10:20:30.123456       1 main.go:25] \"spring\"\n"+
			"2024-01-01T00:00:00.2Z stderr F E1231 23:59:59.999999       1 main.go:26] \"last of the year\"\n"+
			"2024-01-01T00:00:00.3Z stderr F WARN [12-31|23:59:59.998] Synchronisation failed, dropping peer    peer=66d66a505191f82d err=timeout\n")
	sink := &syncBuffer{}
	cfg := Config{Include: []string{filepath.Join(root, "pods", "*", "*", "*.log")}, StateDir: filepath.Join(root, "state"),
		FlushInterval: 20 * time.Millisecond, Sink: NewWriterSink(sink)}
	runUntil(t, cfg, sink, 3)
	want := []string{"2024-03-15T10:20:30.123456Z", "2023-12-31T23:59:59.999999Z", "2023-12-31T23:59:59.998Z"}
	for i, r := range sink.records(t) {
		if r["timestamp"] != want[i] {
			t.Errorf("record %d (%v): timestamp %v, want %s", i, r["message"], r["timestamp"], want[i])
		}
	}
}

func TestRecordReference(t *testing.T) {
	rt := time.Date(2024, 3, 15, 10, 20, 30, 0, time.UTC)
	if got := (&Record{RuntimeTime: rt}).Reference(); !got.Equal(rt) {
		t.Errorf("Reference %v, want the runtime's %v", got, rt)
	}
	// A raw file's klog line leaves out the year: the clock supplies it.
	var klog parser.Record
	parser.Parse([]byte(`I0315 10:20:30.123456       1 main.go:25] "spring"`), &klog)
	before := time.Now()
	if got := (&Record{Record: &klog}).Reference(); got.Before(before) || got.After(time.Now()) {
		t.Errorf("raw file, klog: Reference %v, want the clock", got)
	}
	// A dated line takes only the zone from the reference: the local one,
	// and the same time as the clock would give.
	var dated parser.Record
	parser.Parse([]byte(`2024-03-15 10:20:30,123 INFO spring`), &dated)
	ref := (&Record{Record: &dated}).Reference()
	if ref.Location() != time.Local {
		t.Errorf("raw file, dated line: Reference in %v, want the local zone", ref.Location())
	}
	got, ok := dated.Timestamp(ref)
	want, _ := dated.Timestamp(time.Now())
	if !ok || !got.Equal(want) {
		t.Errorf("raw file, dated line: %v %v, want %v as with the clock", got, ok, want)
	}
}
