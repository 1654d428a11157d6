package parser

import (
	"math/rand/v2"
	"testing"
)

// checkFailuresSetNothing fails unless each parser parseHeader tries
// without a retry after it leaves the record as it found it when it fails:
// the next attempt must start clean (#14 took the retries out).
func checkFailuresSetNothing(t testing.TB, line []byte) {
	t.Helper()
	te, kind := scanZapTime(line)
	for _, p := range []struct {
		name  string
		parse func([]byte, *Record) bool
	}{
		{"parseBitnami", parseBitnami},
		{"parseDotnet", parseDotnet},
		{"parseRustPanic", parseRustPanic},
		{"parseLogfmt", parseLogfmt},
		{"parseRubyUncaught", parseRubyUncaught},
		{"parseSpringBoot", func(h []byte, r *Record) bool { return kind == timeRFC3339 && parseSpringBoot(h, te, r) }},
		{"parseTracing", func(h []byte, r *Record) bool { return kind == timeRFC3339 && parseTracing(h, 0, te, r) }},
		{"parseEnvoyIstio", func(h []byte, r *Record) bool { return kind == timeRFC3339 && parseEnvoyIstio(h, te, r) }},
	} {
		r := Record{text: line}
		if !p.parse(line, &r) && (r.Format != FormatUnknown || r.Level != LevelUnknown || r.layout != (layout{})) {
			t.Fatalf("%s(%q) failed but set %+v", p.name, line, r)
		}
	}
}

func TestFailuresSetNothing(t *testing.T) {
	lines := dispatchLines(t)
	rnd := rand.New(rand.NewPCG(7, 8))
	alpha := []byte(" \t:[]{}.=\"-+/TZ0129aIlt\x1b;m")
	for _, l := range lines {
		checkFailuresSetNothing(t, l)
		for n := 0; n < 20; n++ {
			b := append([]byte(nil), l[:rnd.IntN(len(l)+1)]...)
			for k := rnd.IntN(3); k > 0 && len(b) > 0; k-- {
				b[rnd.IntN(len(b))] = alpha[rnd.IntN(len(alpha))]
			}
			checkFailuresSetNothing(t, b)
		}
	}
}

func FuzzFailuresSetNothing(f *testing.F) {
	for i, l := range dispatchLines(f) {
		if i%5 == 0 {
			f.Add(l)
		}
	}
	f.Fuzz(func(t *testing.T, line []byte) { checkFailuresSetNothing(t, line) })
}

// dispatchLines are the lines the dispatch's attempts are tried on: the
// corpus, the parse tests' cases.
func dispatchLines(tb testing.TB) [][]byte {
	lines := corpusLines(tb)
	for _, c := range append(append([]parseCase{}, seedCases...), edgeCases...) {
		lines = append(lines, []byte(c.line))
	}
	for _, l := range negativeCases {
		lines = append(lines, []byte(l))
	}
	return lines
}
