package container

import (
	"bytes"
	"encoding/json"
	"regexp"
	"testing"
	"time"
)

// benchInput repeats the complete records of a sample file (its unterminated
// last record left out) to about 1 MB, and returns it split into records.
func benchInput(b *testing.B, name string, first int) ([]byte, [][]byte) {
	recs := split(readTestdata(b, name))
	recs = recs[:len(recs)-1]
	if first > 0 {
		recs = recs[:first]
	}
	var data []byte
	for len(data) < 1<<20 {
		for _, r := range recs {
			data = append(data, r...)
		}
	}
	return data, split(data)
}

func benchDecoder(b *testing.B, f Format, data []byte, recs [][]byte) {
	d := NewDecoder(f)
	b.ReportAllocs()
	b.SetBytes(int64(len(data)))
	lines := 0
	for b.Loop() {
		d.Reset()
		var off int64
		for _, r := range recs {
			off += int64(len(r))
			es, err := d.Feed(r, off)
			if err != nil {
				b.Fatal(err)
			}
			lines += len(es)
		}
		lines += len(d.Flush())
	}
	b.ReportMetric(float64(lines)/b.Elapsed().Seconds(), "lines/s")
}

// criRE is the naive way: a regexp per record, time.Parse, a map of
// per-stream buffers.
var criRE = regexp.MustCompile(`^(\S+) (stdout|stderr) ([PF])(?::\S+)? ?(.*)$`)

func benchCRIRegexp(b *testing.B, data []byte, recs [][]byte) {
	b.ReportAllocs()
	b.SetBytes(int64(len(data)))
	lines := 0
	for b.Loop() {
		pending := map[string][]byte{}
		for _, r := range recs {
			m := criRE.FindSubmatch(bytes.TrimSuffix(r, []byte("\n")))
			if m == nil {
				lines++
				continue
			}
			if _, err := time.Parse(time.RFC3339Nano, string(m[1])); err != nil {
				b.Fatal(err)
			}
			s := string(m[2])
			pending[s] = append(pending[s], m[4]...)
			if m[3][0] == 'F' {
				lines++
				pending[s] = nil
			}
		}
	}
	b.ReportMetric(float64(lines)/b.Elapsed().Seconds(), "lines/s")
}

// BenchmarkDecodeCRI decodes containerd's own output (the sample's records,
// repeated to 1 MB): "sample" has its 16 KiB and 32 KiB lines, "short" only
// its five short lines, the per-record cost. Each has a regexp baseline.
func BenchmarkDecodeCRI(b *testing.B) {
	data, recs := benchInput(b, containerdSample, 0)
	short, shortRecs := benchInput(b, containerdSample, 5)
	b.Run("sample", func(b *testing.B) { benchDecoder(b, CRI, data, recs) })
	b.Run("sample/regexp", func(b *testing.B) { benchCRIRegexp(b, data, recs) })
	b.Run("short", func(b *testing.B) { benchDecoder(b, CRI, short, shortRecs) })
	b.Run("short/regexp", func(b *testing.B) { benchCRIRegexp(b, short, shortRecs) })
	b.Run("short/auto", func(b *testing.B) { benchDecoder(b, Auto, short, shortRecs) })
}

// BenchmarkDecodeDocker decodes Docker's json-file output (the sample's
// records repeated to 1 MB), with an encoding/json baseline.
func BenchmarkDecodeDocker(b *testing.B) {
	data, recs := benchInput(b, dockerSample, 0)
	short, shortRecs := benchInput(b, dockerSample, 5)
	baseline := func(b *testing.B, data []byte, recs [][]byte) {
		b.ReportAllocs()
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			pending := map[string][]byte{}
			for _, r := range recs {
				var j dockerJSON
				if err := json.Unmarshal(r, &j); err != nil {
					b.Fatal(err)
				}
				if _, err := time.Parse(time.RFC3339Nano, j.Time); err != nil {
					b.Fatal(err)
				}
				pending[j.Stream] = append(pending[j.Stream], j.Log...)
				if len(j.Log) > 0 && j.Log[len(j.Log)-1] == '\n' {
					pending[j.Stream] = nil
				}
			}
		}
	}
	b.Run("sample", func(b *testing.B) { benchDecoder(b, Docker, data, recs) })
	b.Run("sample/encoding-json", func(b *testing.B) { baseline(b, data, recs) })
	b.Run("short", func(b *testing.B) { benchDecoder(b, Docker, short, shortRecs) })
	b.Run("short/encoding-json", func(b *testing.B) { baseline(b, short, shortRecs) })
}
