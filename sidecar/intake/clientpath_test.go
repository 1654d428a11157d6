package intake

// The sink's former path, kept for tests only: records built into
// datadogV2.HTTPLogItem values (attributes in AdditionalProperties) and
// sent with LogsApi.SubmitLog, which encodes them by reflection and
// compresses with the standard library's gzip. It is the baseline of
// BenchmarkShip and the oracle of FuzzItem: an item the sink encodes must
// decode to the values encoding/json gives for this one.

import (
	"context"
	"encoding/json"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/DataDog/datadog-api-client-go/v2/api/datadog"
	"github.com/DataDog/datadog-api-client-go/v2/api/datadogV2"

	"github.com/relevel/relevel/ndjson"
	"github.com/relevel/relevel/sidecar"
)

// clientItem renders r as the former sink did, without its cut to the
// record limit.
func clientItem(cfg *Config, r *sidecar.Record) datadogV2.HTTPLogItem {
	var enc ndjson.Encoder
	buf := r.AppendMessage(nil)
	src := r.Source
	container := ""
	var tags []string
	if src.HasPod {
		container = src.Pod.Container
		tags = append(tags, "kube_namespace:"+src.Pod.Namespace, "pod_name:"+src.Pod.Pod, "kube_container_name:"+src.Pod.Container)
	}
	if cfg.ClusterName != "" {
		tags = append(tags, "kube_cluster_name:"+cfg.ClusterName)
	}
	tags = append(tags, cfg.Tags...)
	or := func(v, def string) *string {
		if v == "" {
			v = def
		}
		if v == "" {
			return nil
		}
		return &v
	}
	it := datadogV2.HTTPLogItem{
		Message:  text(buf),
		Ddsource: or(cfg.Source, container), Service: or(cfg.Service, container),
		Hostname: or(cfg.Hostname, ""), Ddtags: or(strings.Join(tags, ","), ""),
		AdditionalProperties: make(map[string]any, 6),
	}
	it.AdditionalProperties["status"] = r.Status.String()
	it.AdditionalProperties["format"] = r.Format.String()
	if r.RawTime() != nil {
		if t, ok := r.Timestamp(r.Reference()); ok {
			it.AdditionalProperties["timestamp"] = t.UTC().Format(time.RFC3339Nano)
		}
	} else if !r.RuntimeTime.IsZero() {
		it.AdditionalProperties["timestamp"] = r.RuntimeTime.UTC().Format(time.RFC3339Nano)
	}
	if b, ok := enc.AppendLogger(nil, r.Record); ok {
		it.AdditionalProperties["logger"] = json.RawMessage(b)
	}
	if b, ok := enc.AppendAttributes(nil, r.Record); ok {
		it.AdditionalProperties["attributes"] = json.RawMessage(b)
	}
	return it
}

// text returns b as a string, with each byte that is not valid UTF-8
// written as the four characters \xNN, as the former sink did.
func text(b []byte) string {
	if utf8.Valid(b) {
		return string(b)
	}
	var sb strings.Builder
	for i := 0; i < len(b); {
		r, w := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && w == 1 {
			const hex = "0123456789abcdef"
			sb.WriteString(`\x`)
			sb.WriteByte(hex[b[i]>>4])
			sb.WriteByte(hex[b[i]&0xf])
			i++
			continue
		}
		sb.Write(b[i : i+w])
		i += w
	}
	return sb.String()
}

// clientShipper sends records through LogsApi.SubmitLog in batches of at
// most MaxBatchRecords, gzip-compressed by the client, one request at a
// time: the former sink's encoding and compression, without its queue.
type clientShipper struct {
	cfg   Config
	api   *datadogV2.LogsApi
	items []datadogV2.HTTPLogItem
}

func newClientShipper(cfg Config) *clientShipper {
	dc := datadog.NewConfiguration()
	dc.OperationServers[submitLog] = datadog.ServerConfigurations{{URL: cfg.BaseURL()}}
	return &clientShipper{cfg: cfg, api: datadogV2.NewLogsApi(datadog.NewAPIClient(dc))}
}

// ship sends recs and returns the first error (a failed request or a
// status other than 2xx).
func (c *clientShipper) ship(recs []*sidecar.Record) error {
	ctx := context.WithValue(context.Background(), datadog.ContextAPIKeys, map[string]datadog.APIKey{"apiKeyAuth": {Key: c.cfg.APIKey}})
	gz := *datadogV2.NewSubmitLogOptionalParameters().WithContentEncoding(datadogV2.CONTENTENCODING_GZIP)
	for len(recs) > 0 {
		n := min(len(recs), MaxBatchRecords)
		c.items = c.items[:0]
		for _, r := range recs[:n] {
			c.items = append(c.items, clientItem(&c.cfg, r))
		}
		recs = recs[n:]
		if _, _, err := c.api.SubmitLog(ctx, c.items, gz); err != nil {
			return err
		}
	}
	return nil
}
