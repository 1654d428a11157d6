package ndjson

import (
	"bytes"
	"testing"

	"github.com/relevel/relevel/parser"
)

// checkAppendWith holds AppendWith to Append, as it was written in terms
// of it (Append was AppendWith with no extra members): the same object
// with extra before its closing brace, after a prefix.
func checkAppendWith(t *testing.T, text, extra []byte) {
	t.Helper()
	var r parser.Record
	parser.Parse(text, &r)
	var a, b Encoder
	plain := a.Append([]byte("prefix"), &r)
	want := append(append(plain[:len(plain)-2:len(plain)-2], extra...), '}', '\n')
	if got := b.AppendWith([]byte("prefix"), &r, extra); !bytes.Equal(got, want) {
		t.Fatalf("%q extra %q: AppendWith %s, want %s", text, extra, got, want)
	}
}

func TestAppendWith(t *testing.T) {
	for _, l := range loggerLines {
		checkAppendWith(t, []byte(l), []byte(`,"pod_name":"web-0"`))
		checkAppendWith(t, []byte(l), nil)
	}
}

func FuzzAppendWith(f *testing.F) {
	for _, l := range loggerLines {
		f.Add([]byte(l), []byte(`,"pod_name":"web-0"`))
	}
	f.Fuzz(func(t *testing.T, text, extra []byte) {
		checkAppendWith(t, text, extra)
	})
}
