package intake

import (
	stdgzip "compress/gzip"
	"io"
	"strconv"
	"testing"

	"github.com/relevel/relevel/sidecar"
)

// BenchmarkCompress compresses batches of the corpus's items, as the sink
// sends them, with each candidate: the standard library's gzip (what the
// client used) and klauspost/compress's gzip and zlib ("deflate") at
// several levels, -2 being Huffman coding alone (no matching). ns/op
// against the wire/json ratio is the choice behind DefaultCompressionLevel.
func BenchmarkCompress(b *testing.B) {
	src := sidecar.NewSource("/var/log/pods/payments_api-7d4f_0a1b/api/0.log")
	recs, _ := CorpusRecords(b, src)
	e := itemEncoder{maxRecord: MaxRecordBytes}
	si := newSourceInfo(&Config{Hostname: "bench"}, src)
	// One full batch: records repeated up to MaxBatchRecords.
	batch := []byte{'['}
	for i := range MaxBatchRecords {
		if i > 0 {
			batch = append(batch, ',')
		}
		batch, _ = e.appendItem(batch, recs[i%len(recs)], si)
	}
	batch = append(batch, ']')
	type candidate struct {
		name string
		z    interface {
			compress([]byte) []byte
		}
	}
	var cs []candidate
	for _, level := range []int{1, 6} {
		cs = append(cs, candidate{"std-gzip-" + itoa(level), &stdCompressor{level: level}})
	}
	for _, enc := range []string{EncodingGzip, EncodingDeflate} {
		for _, level := range []int{-2, 1, 2, 3, 5} {
			z, err := newCompressor(enc, level)
			if err != nil {
				b.Fatal(err)
			}
			cs = append(cs, candidate{"klauspost-" + enc + "-" + itoa(level), z})
		}
	}
	for _, c := range cs {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(batch)))
			b.ReportAllocs()
			var n int
			for b.Loop() {
				n = len(c.z.compress(batch))
			}
			b.ReportMetric(float64(n)/float64(len(batch)), "wire/json")
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/MaxBatchRecords, "ns/record")
		})
	}
}

// stdCompressor is the standard library's gzip, reused as the pooled
// writers are, so that the comparison is of the implementations alone.
type stdCompressor struct {
	level int
	w     *stdgzip.Writer
	out   []byte
}

type sliceWriter struct{ p *[]byte }

func (w sliceWriter) Write(b []byte) (int, error) { *w.p = append(*w.p, b...); return len(b), nil }

func (c *stdCompressor) compress(p []byte) []byte {
	c.out = c.out[:0]
	var dst io.Writer = sliceWriter{&c.out}
	if c.w == nil {
		c.w, _ = stdgzip.NewWriterLevel(dst, c.level)
	} else {
		c.w.Reset(dst)
	}
	c.w.Write(p)
	c.w.Close()
	return c.out
}

func itoa(n int) string { return strconv.Itoa(n) }
