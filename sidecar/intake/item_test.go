package intake

import (
	"testing"

	"github.com/relevel/relevel/sidecar"
)

// Encoding an item allocates nothing once the buffers have grown: the
// shipping path's per-record cost is the encoding itself.
func TestItemAllocs(t *testing.T) {
	recs, e, si := corpusItems(t)
	var buf []byte
	for _, r := range recs { // grow the buffers
		buf, _ = e.appendItem(buf[:0], r, si)
	}
	for _, r := range recs {
		if n := testing.AllocsPerRun(10, func() { buf, _ = e.appendItem(buf[:0], r, si) }); n != 0 {
			t.Errorf("%.1f allocations encoding %q", n, r.Text())
		}
	}
}

// corpusItems returns the corpus's records as one pod's, with an item
// encoder and that pod's source, as the sink would hold them.
func corpusItems(tb testing.TB) ([]*sidecar.Record, *itemEncoder, *sourceInfo) {
	src := sidecar.NewSource("/var/log/pods/payments_api-7d4f_0a1b/api/0.log")
	recs, _ := CorpusRecords(tb, src)
	return recs, &itemEncoder{maxRecord: MaxRecordBytes}, newSourceInfo(&Config{Hostname: "node-1", ClusterName: "prod"}, src)
}
