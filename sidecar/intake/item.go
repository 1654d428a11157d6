package intake

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/relevel/relevel/ndjson"
	"github.com/relevel/relevel/sidecar"
)

// sourceInfo is what every record of one file shares, rendered once: the
// item members `,"ddsource":…,"service":…,"hostname":…,"ddtags":…` (those
// that are set), appended to each item as they are.
type sourceInfo struct {
	tail []byte
}

func (s *Sink) source(src *sidecar.Source) *sourceInfo {
	// Records come in runs from one file: the last one's entry saves a
	// map lookup per record.
	if src == s.lastSource && src != nil {
		return s.lastInfo
	}
	if si := s.sources[src]; si != nil {
		s.lastSource, s.lastInfo = src, si
		return si
	}
	if len(s.sources) > 10000 {
		// Sources of files long gone; rebuilding an entry is cheap.
		clear(s.sources)
	}
	si := newSourceInfo(&s.cfg, src)
	s.sources[src] = si
	s.lastSource, s.lastInfo = src, si
	return si
}

func newSourceInfo(cfg *Config, src *sidecar.Source) *sourceInfo {
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
	or := func(v, def string) string {
		if v == "" {
			return def
		}
		return v
	}
	si := &sourceInfo{}
	for _, m := range []struct{ key, v string }{
		{"ddsource", or(cfg.Source, container)},
		{"service", or(cfg.Service, container)},
		{"hostname", cfg.Hostname},
		{"ddtags", strings.Join(tags, ",")},
	} {
		// An empty value is left out, as HTTPLogItem's optional strings are.
		if m.v != "" {
			si.tail = append(si.tail, `,"`...)
			si.tail = append(si.tail, m.key...)
			si.tail = append(si.tail, `":`...)
			si.tail = ndjson.AppendString(si.tail, []byte(m.v))
		}
	}
	return si
}

// itemEncoder appends records as intake items: the JSON of one v2
// HTTPLogItem, written directly from the parsed record (no HTTPLogItem, no
// map, no reflection), reusing its scratch buffers, so that encoding a
// record allocates nothing in steady state.
//
// An item holds message (the record's text), status (the canonical word),
// format, timestamp (RFC 3339, UTC), logger and attributes as relevel parse
// writes them, then the source's ddsource, service, hostname and ddtags.
// Strings are escaped by ndjson.AppendString, so no item holds a raw
// newline, and a byte that is not UTF-8 is kept as the text \xNN.
type itemEncoder struct {
	enc       ndjson.Encoder
	maxRecord int
}

// Member prefixes of an item.
const (
	keyMessage    = `{"message":`
	keyStatus     = `,"status":"`
	keyFormat     = `","format":"`
	keyTimestamp  = `,"timestamp":"`
	keyLogger     = `,"logger":`
	keyAttributes = `,"attributes":`
)

// truncatedKey names the attribute a cut item carries:
// {"truncated":true,"original_bytes":N}.
const truncatedKey = "relevel"

// appendItem appends r's item to dst. An item longer than maxRecord is cut
// to fit (see cutItem) and truncated is true.
func (e *itemEncoder) appendItem(dst []byte, r *sidecar.Record, si *sourceInfo) (_ []byte, truncated bool) {
	start := len(dst)
	// The message escaped where the line holds it when it reads as
	// written (ndjson's), not first copied out to scratch.
	dst = e.enc.AppendMessage(append(dst, keyMessage...), r.Record)
	dst = append(dst, keyStatus...)
	dst = append(dst, r.Status.String()...)
	dst = append(dst, keyFormat...)
	dst = append(dst, r.Format.String()...)
	dst = append(dst, '"')
	if r.HasTime() {
		// The line's runtime timestamp supplies what klog's time leaves
		// out (the year, the zone), not the clock (issue 13 point 9). A
		// time written in UTC is copied, the rest decoded (ndjson's).
		n := len(dst)
		if out, ok := e.enc.AppendTimestamp(append(dst, keyTimestamp...), r.Record, r.Reference()); ok {
			dst = append(out, '"')
		} else {
			dst = out[:n]
		}
	} else if !r.RuntimeTime.IsZero() {
		// A line without a time of its own (plain text, a Go panic): the
		// runtime's timestamp beats the intake's arrival time.
		dst = e.appendTimestamp(dst, r.RuntimeTime)
	}
	var ok bool
	n := len(dst)
	if dst, ok = e.enc.AppendLogger(append(dst, keyLogger...), r.Record); !ok {
		dst = dst[:n]
	}
	n = len(dst)
	if dst, ok = e.enc.AppendAttributes(append(dst, keyAttributes...), r.Record); !ok {
		dst = dst[:n]
	}
	dst = append(dst, si.tail...)
	dst = append(dst, '}')
	if len(dst)-start <= e.maxRecord {
		return dst, false
	}
	// Over the intake's limit of one log: rare, so the cut may allocate.
	item := slices.Clone(dst[start:])
	return cutItem(dst[:start], item, e.maxRecord), true
}

func (e *itemEncoder) appendTimestamp(dst []byte, t time.Time) []byte {
	dst = append(dst, keyTimestamp...)
	dst = e.enc.AppendTime(dst, t)
	return append(dst, '"')
}

// cutItem appends item (an encoded item) cut to at most limit bytes: the
// logger and attributes objects are folded into the message text (so what
// is kept reads in order), the message is cut at a character boundary, and
// the attribute "relevel" says that it was, and how long the record was.
// It serves both the record limit and a single record that still drew a
// 413; both are rare, so it decodes the item rather than keep a second
// copy of every record's parts.
func cutItem(dst, item []byte, limit int) []byte {
	var m map[string]json.RawMessage
	var msg string
	if json.Unmarshal(item, &m) != nil || json.Unmarshal(m["message"], &msg) != nil {
		// Not an item this package wrote: nothing sensible to keep.
		return append(dst, `{"message":""}`...)
	}
	for _, k := range []string{"logger", "attributes"} {
		if raw, ok := m[k]; ok {
			msg += "\n" + k + ": " + string(raw)
			delete(m, k)
		}
	}
	orig := len(item)
	var prev struct {
		Orig int `json:"original_bytes"`
	}
	if json.Unmarshal(m[truncatedKey], &prev) == nil && prev.Orig > orig {
		orig = prev.Orig // cut before: the record's first length is the news
	}
	m[truncatedKey] = json.RawMessage(`{"truncated":true,"original_bytes":` + strconv.Itoa(orig) + `}`)
	delete(m, "message")
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var rest []byte
	for _, k := range keys {
		rest = append(rest, ',')
		rest = ndjson.AppendString(rest, []byte(k))
		rest = append(rest, ':')
		rest = append(rest, m[k]...)
	}
	room := limit - len(keyMessage) - len(`""`) - len(rest) - len(`}`)
	n, i := 0, 0
	for i < len(msg) {
		r, w := utf8.DecodeRuneInString(msg[i:])
		c := escapedLen(r, w)
		if n+c > room {
			break
		}
		n += c
		i += w
	}
	dst = append(dst, keyMessage...)
	dst = ndjson.AppendString(dst, []byte(msg[:i]))
	dst = append(dst, rest...)
	return append(dst, '}')
}

// escapedLen is the length ndjson.AppendString writes for one character of
// w bytes.
func escapedLen(r rune, w int) int {
	switch {
	case r == '"' || r == '\\' || r == '\n' || r == '\r' || r == '\t':
		return 2
	case r < 0x20 || r == '\u2028' || r == '\u2029':
		return 6
	case r == utf8.RuneError && w == 1:
		return 5 // \\xNN
	}
	return w
}
