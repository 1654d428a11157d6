package parser

import "testing"

// checkHasFields holds HasFields to EachField and AppendPlainFields, and
// HasTime to RawTime and AppendUTC: a record they say has no fields, or no
// time, has none to these, so that an encoder that skips them for it
// writes what it would have.
func checkHasFields(t *testing.T, text []byte) {
	t.Helper()
	var r Record
	Parse(text, &r)
	if r.HasTime() != (r.RawTime() != nil) {
		t.Fatalf("%q: HasTime %v, RawTime %q", text, r.HasTime(), r.RawTime())
	}
	if out, ok := r.AppendUTC([]byte("x")); !r.HasTime() && (ok || string(out) != "x") {
		t.Fatalf("%q: HasTime false, AppendUTC %q %v", text, out, ok)
	}
	if r.HasFields() {
		return
	}
	n := 0
	r.EachField(func(Field) bool { n++; return true })
	if n != 0 {
		t.Fatalf("%q: HasFields false, EachField gave %d fields", text, n)
	}
	if out, ok := r.AppendPlainFields([]byte("x")); ok || string(out) != "x" {
		t.Fatalf("%q: HasFields false, AppendPlainFields %q %v", text, out, ok)
	}
}

func TestHasFields(t *testing.T) {
	eachSampleLine(t, checkHasFields)
}

func FuzzHasFields(f *testing.F) {
	fuzzSampleLines(f, checkHasFields)
}

// eachSampleLine calls check with each seed and edge case's line and each
// line of the corpus: the inputs an accessor's reference test walks.
func eachSampleLine(t *testing.T, check func(*testing.T, []byte)) {
	for _, c := range append(append([]parseCase{}, seedCases...), edgeCases...) {
		check(t, []byte(c.line))
	}
	for _, l := range corpusLines(t) {
		check(t, l)
	}
}

// fuzzSampleLines fuzzes check from the seed cases' lines.
func fuzzSampleLines(f *testing.F, check func(*testing.T, []byte)) {
	for _, c := range seedCases {
		f.Add([]byte(c.line))
	}
	f.Fuzz(check)
}
