package intake

import "testing"

// BenchmarkItem encodes the corpus's records as intake items, one pass
// per op: the encoding's share of BenchmarkShip, without the batch, the
// compression or the request.
func BenchmarkItem(b *testing.B) {
	recs, e, si := corpusItems(b)
	var buf []byte
	n := 0
	for _, r := range recs {
		buf, _ = e.appendItem(buf[:0], r, si)
		n += len(buf)
	}
	b.SetBytes(int64(n))
	b.ReportAllocs()
	for b.Loop() {
		for _, r := range recs {
			buf, _ = e.appendItem(buf[:0], r, si)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(recs)), "ns/record")
}
