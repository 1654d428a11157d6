package intake

import (
	"encoding/json"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/DataDog/datadog-api-client-go/v2/api/datadogV2"

	"github.com/relevel/relevel/ndjson"
	"github.com/relevel/relevel/sidecar"
)

// sourceInfo is what every record of one file shares.
type sourceInfo struct {
	source, service, hostname, tags *string
}

func (s *Sink) source(src *sidecar.Source) *sourceInfo {
	if si := s.sources[src]; si != nil {
		return si
	}
	if len(s.sources) > 10000 {
		// Sources of files long gone; rebuilding an entry is cheap.
		clear(s.sources)
	}
	container := ""
	var tags []string
	if src.HasPod {
		container = src.Pod.Container
		tags = append(tags, "kube_namespace:"+src.Pod.Namespace, "pod_name:"+src.Pod.Pod, "kube_container_name:"+src.Pod.Container)
	}
	if s.cfg.ClusterName != "" {
		tags = append(tags, "kube_cluster_name:"+s.cfg.ClusterName)
	}
	tags = append(tags, s.cfg.Tags...)
	si := &sourceInfo{}
	or := func(v, def string) *string {
		if v == "" {
			v = def
		}
		if v == "" {
			return nil
		}
		return &v
	}
	si.source = or(s.cfg.Source, container)
	si.service = or(s.cfg.Service, container)
	si.hostname = or(s.cfg.Hostname, "")
	si.tags = or(strings.Join(tags, ","), "")
	s.sources[src] = si
	return si
}

// builtItem is an HTTPLogItem and whether its record was cut to fit.
type builtItem struct {
	datadogV2.HTTPLogItem
	truncated bool
}

// itemBuilder turns records into intake items, reusing its buffers.
type itemBuilder struct {
	enc       ndjson.Encoder
	buf       []byte
	maxRecord int
}

// Attribute names the sink adds besides the record's own.
const (
	truncatedKey = "relevel" // {"truncated":true,"original_bytes":N}
)

// build renders r as an intake item: message, status (the canonical word),
// format, timestamp, logger and attributes as relevel parse writes them,
// plus the source's ddsource, service, hostname and ddtags. It returns the
// item's JSON size as the client encodes it.
func (b *itemBuilder) build(r *sidecar.Record, si *sourceInfo) (builtItem, int) {
	b.buf = r.AppendMessage(b.buf[:0])
	it := datadogV2.HTTPLogItem{
		Message:  text(b.buf),
		Ddsource: si.source, Service: si.service, Hostname: si.hostname, Ddtags: si.tags,
		AdditionalProperties: make(map[string]any, 6),
	}
	it.AdditionalProperties["status"] = r.Status.String()
	it.AdditionalProperties["format"] = r.Format.String()
	if r.RawTime() != nil {
		if t, ok := r.Timestamp(r.Reference()); ok {
			it.AdditionalProperties["timestamp"] = t.UTC().Format(time.RFC3339Nano)
		}
	} else if !r.RuntimeTime.IsZero() {
		// A line without a time of its own (plain text, a Go panic): the
		// runtime's timestamp beats the intake's arrival time.
		it.AdditionalProperties["timestamp"] = r.RuntimeTime.UTC().Format(time.RFC3339Nano)
	}
	var ok bool
	if b.buf, ok = b.enc.AppendLogger(b.buf[:0], r.Record); ok {
		it.AdditionalProperties["logger"] = json.RawMessage(append([]byte(nil), b.buf...))
	}
	if b.buf, ok = b.enc.AppendAttributes(b.buf[:0], r.Record); ok {
		it.AdditionalProperties["attributes"] = json.RawMessage(append([]byte(nil), b.buf...))
	}
	size := itemSize(&it)
	if size <= b.maxRecord {
		return builtItem{HTTPLogItem: it}, size
	}
	it = cut(it, size, b.maxRecord)
	return builtItem{HTTPLogItem: it, truncated: true}, itemSize(&it)
}

// cut fits an item into limit bytes: the logger and attributes objects are
// folded into the message text (so what is kept reads in order), then the
// message is cut at a character boundary, and the attribute "relevel" says
// that it was, and how long the record was.
func cut(it datadogV2.HTTPLogItem, size, limit int) datadogV2.HTTPLogItem {
	props := make(map[string]any, len(it.AdditionalProperties))
	msg := it.Message
	for k, v := range it.AdditionalProperties {
		if _, ok := v.(json.RawMessage); !ok {
			props[k] = v
		}
	}
	for _, k := range []string{"logger", "attributes"} {
		if raw, ok := it.AdditionalProperties[k].(json.RawMessage); ok {
			msg += "\n" + k + ": " + string(raw)
		}
	}
	props[truncatedKey] = map[string]any{"truncated": true, "original_bytes": size}
	it.AdditionalProperties = props
	it.Message = ""
	room := limit - itemSize(&it) - 16
	n, i := 0, 0
	for i < len(msg) {
		r, w := utf8.DecodeRuneInString(msg[i:])
		c := escLen(r, w)
		if n+c > room {
			break
		}
		n += c
		i += w
	}
	it.Message = msg[:i]
	return it
}

// shrinkTo is what a single record that still drew a 413 is cut to.
const shrinkTo = 64 << 10

// shrink cuts an item that the intake refused as too large on its own;
// false if it was already cut that far.
func (b *itemBuilder) shrink(it datadogV2.HTTPLogItem) (datadogV2.HTTPLogItem, bool) {
	size := itemSize(&it)
	if size <= shrinkTo {
		return it, false
	}
	return cut(it, size, shrinkTo), true
}

// text returns b as a string, with each byte that is not valid UTF-8
// written as the four characters \xNN (as package ndjson does): JSON
// cannot carry such bytes, and the client's encoder would replace them
// with U+FFFD, losing them.
func text(b []byte) string {
	if utf8.Valid(b) {
		return string(b)
	}
	var sb strings.Builder
	sb.Grow(len(b) + 16)
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

// itemSize is the length of it as encoding/json writes it (the client's
// encoder): each member "key":value, commas, braces.
func itemSize(it *datadogV2.HTTPLogItem) int {
	n := 2 + len(`"message":`) + strLen(it.Message)
	members := 1
	for _, p := range []struct {
		key string
		v   *string
	}{{"ddsource", it.Ddsource}, {"service", it.Service}, {"hostname", it.Hostname}, {"ddtags", it.Ddtags}} {
		if p.v != nil {
			n += len(p.key) + 3 + strLen(*p.v)
			members++
		}
	}
	for k, v := range it.AdditionalProperties {
		n += strLen(k) + 1 + valueLen(v)
		members++
	}
	return n + members - 1
}

func valueLen(v any) int {
	switch v := v.(type) {
	case string:
		return strLen(v)
	case json.RawMessage:
		// The encoder compacts raw JSON and escapes <, > and & in it.
		n := len(v)
		for _, c := range v {
			if c == '<' || c == '>' || c == '&' {
				n += 5
			}
		}
		return n
	default:
		b, _ := json.Marshal(v)
		return len(b)
	}
}

// strLen is the length of s as a JSON string literal from encoding/json,
// which escapes HTML characters.
func strLen(s string) int {
	n := 2
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			n += escLen(rune(c), 1)
			i++
			continue
		}
		r, w := utf8.DecodeRuneInString(s[i:])
		n += escLen(r, w)
		i += w
	}
	return n
}

// escLen is the encoded length of one character of w bytes.
func escLen(r rune, w int) int {
	switch {
	case r == '"' || r == '\\' || r == '\n' || r == '\r' || r == '\t' || r == '\b' || r == '\f':
		return 2
	case r < 0x20 || r == '<' || r == '>' || r == '&' || r == '\u2028' || r == '\u2029':
		return 6
	case r == utf8.RuneError && w == 1:
		return 6 // \ufffd
	}
	return w
}
