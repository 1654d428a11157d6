package grok

import (
	"regexp"
	"testing"
)

var benchLines = []string{
	`I0911 07:22:25.408586 1 cni_writer.go:930] Successfully synced "gke-xxxxx-xxxxx-nod-xxxxxxxx-xxxx"`,
	"2026-09-11T07:19:45Z\tINFO\tcontrollers.Spoke\trequeueing\t{\"request\": {\"name\":\"xxx\"}, \"after\": \"1m0s\"}",
	`time=2026-09-11T06:13:28Z level=info msg=Reconciling subsys=sfc reasons=[...]`,
	`this line matches no rule at all`,
}

// BenchmarkParse runs the seed pipeline's grok parser over its samples and a
// non-matching line; the baseline is one hand-written regexp per rule
// without extraction.
func BenchmarkParse(b *testing.B) {
	rules, support, _, _ := loadGolden(b, "testdata/seed_pipeline.txtar")
	p := MustCompile(rules, support)
	size := 0
	for _, l := range benchLines {
		size += len(l)
	}
	b.Run("grok", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(size))
		for i := 0; i < b.N; i++ {
			for _, l := range benchLines {
				p.Parse(l)
			}
		}
	})
	b.Run("regexp-baseline", func(b *testing.B) {
		res := []*regexp.Regexp{
			regexp.MustCompile(`(?s)\A[IWEF]\d{4} \d{2}:\d{2}:\d{2}\.\d+\s+[+-]?\d+\s+[^\]]+]\s?.*\z`),
			regexp.MustCompile(`(?s)\A\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})[\t ]+(?:DEBUG|INFO|WARN|ERROR|DPANIC|PANIC|FATAL|debug|info|warn|error|dpanic|panic|fatal)[\t ]+.*\z`),
			regexp.MustCompile(`(?s)\Atime=\S+\s+level=\w+\s+.*\z`),
			regexp.MustCompile(`(?s)\Alevel=\w+\s+.*\z`),
		}
		b.ReportAllocs()
		b.SetBytes(int64(size))
		for i := 0; i < b.N; i++ {
			for _, l := range benchLines {
				for _, re := range res {
					if re.MatchString(l) {
						break
					}
				}
			}
		}
	})
}
