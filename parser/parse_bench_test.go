package parser

import (
	"testing"

	"github.com/relevel/relevel/internal/baseline"
)

// BenchmarkParse runs relevel's parser and the two baselines users run today
// (the seed pipeline's grok rules through vjeantet/grok, and the same rules
// as Go regexps) over the same lines in the same run, so that their ratio —
// not the absolute numbers — is what is reported. One op is one pass over
// the lines; the lines/s metric is what to compare.
//
// "mixed" is every line of the generated corpus (testdata/corpus),
// continuation and non-matching lines included; the per-format sets are the
// lines each format's parser recognises. The lines are already split, so relevel's side calls
// ParseLine, as the joiner does for single-line records.
func BenchmarkParse(b *testing.B) {
	all := corpusLines(b)
	if len(all) == 0 {
		b.Skip("no corpus: run make corpus")
	}
	// "mixed-v1" is the corpus as the first parser issue measured it (klog,
	// zap, logrus, Go panics and their mixes), so that adding formats is
	// measured like for like.
	sets := map[string][][]byte{"mixed": all, "mixed-v1": corpusLinesIn(b, "klog", "zap", "logrus", "gopanic")}
	for _, l := range corpusLinesIn(b, "mixed") {
		sets["mixed-v1"] = append(sets["mixed-v1"], l)
	}
	var r Record
	for _, l := range all {
		if Parse(l, &r) {
			name := r.Format.String()
			sets[name] = append(sets[name], l)
		}
	}
	g, err := baseline.NewGrok()
	if err != nil {
		b.Fatal(err)
	}
	re := baseline.NewRegexp()
	// Every format's set, so that a new format is measured without a list
	// to update (benchreport orders its table the same way).
	for _, set := range append([]string{"mixed", "mixed-v1"}, formatNames[1:]...) {
		lines := sets[set]
		if len(lines) == 0 {
			continue
		}
		size := 0
		for _, l := range lines {
			size += len(l)
		}
		run := func(b *testing.B, one func([]byte)) {
			b.ReportAllocs()
			b.SetBytes(int64(size))
			for i := 0; i < b.N; i++ {
				for _, l := range lines {
					one(l)
				}
			}
			b.ReportMetric(float64(len(lines))*float64(b.N)/b.Elapsed().Seconds(), "lines/s")
		}
		b.Run(set+"/relevel", func(b *testing.B) {
			var r Record
			msg := make([]byte, 0, 4096)
			run(b, func(l []byte) {
				ParseLine(l, &r)
				_ = r.Level.String()
				msg = r.AppendMessage(msg[:0])
			})
		})
		b.Run(set+"/grok", func(b *testing.B) {
			run(b, func(l []byte) { g.Classify(l) })
		})
		b.Run(set+"/regexp", func(b *testing.B) {
			run(b, func(l []byte) { re.Classify(l) })
		})
	}
}

// BenchmarkFields adds field decoding to the relevel parse, for the cost of
// the whole record rather than detection, level and message alone.
func BenchmarkFields(b *testing.B) {
	lines := corpusLines(b)
	if len(lines) == 0 {
		b.Skip("no corpus: run make corpus")
	}
	size := 0
	for _, l := range lines {
		size += len(l)
	}
	b.ReportAllocs()
	b.SetBytes(int64(size))
	var r Record
	buf := make([]byte, 0, 4096)
	for i := 0; i < b.N; i++ {
		for _, l := range lines {
			Parse(l, &r)
			buf = r.AppendMessage(buf[:0])
			r.EachField(func(f Field) bool {
				buf = f.AppendKey(buf)
				buf = f.AppendValue(buf)
				return true
			})
		}
	}
	b.ReportMetric(float64(len(lines))*float64(b.N)/b.Elapsed().Seconds(), "lines/s")
}
