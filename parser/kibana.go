package parser

import "bytes"

// Kibana's console log (8.0 on: its pattern layout's default,
// "[%date][%level][%logger] %message"), which its image writes to stdout, so
// that its warnings and errors show as info:
//
//	[2022-06-17T11:50:33.272+00:00][ERROR][elasticsearch-service] Unable to retrieve version information from Elasticsearch nodes. connect ECONNREFUSED 172.18.0.2:9200
//	[2021-10-15T21:47:24.480+00:00][INFO ][plugins-service] Plugin "interactiveSetup" is disabled.
//
// The date is ISO 8601 with milliseconds and the offset; the level is
// padded to five ("INFO ", "WARN "), or not, as other loggers copying the
// layout write it; the logger is a dotted context ("plugins.fleet"). An
// error's "Root causes:" and stack continue on raw lines. Kibana 7's
// default, a JSON object whose level is one of its "tags", is not this.

// parseKibana recognises "[<RFC 3339 time>][LEVEL][logger] msg", te being
// the time's end, at "][".
func parseKibana(h []byte, te int, r *Record) bool {
	if te+2 >= len(h) || h[te] != ']' || h[te+1] != '[' {
		return false
	}
	// Kibana's %date has its milliseconds after a dot and always its
	// zone; log4j's ISO8601 (Elasticsearch's layout) has a comma and none.
	j := 20
	if h[j] == '.' {
		for j++; j < te && isDigit(h[j]); j++ {
		}
	}
	if j == te || h[j] != 'Z' && h[j] != '+' && h[j] != '-' {
		return false
	}
	ls := te + 2
	le := upperRun(h, ls, 5)
	lvl, ok := javaLevel(h[ls:le]) // Kibana's levels are log4j's
	if !ok {
		return false
	}
	i := le
	for i < len(h) && i-le < 4 && h[i] == ' ' {
		i++
	}
	if i+2 >= len(h) || h[i] != ']' || h[i+1] != '[' {
		return false
	}
	ns := i + 2
	k := bytes.IndexByte(h[ns:], ']')
	if k <= 0 || bytes.IndexByte(h[ns:ns+k], ' ') >= 0 {
		return false
	}
	ne := ns + k
	ms, ok := messageAfter(h, ne+1)
	if !ok {
		return false
	}
	r.Format, r.Level = FormatKibana, lvl
	r.time, r.timeKind = span{1, int32(te)}, timeRFC3339
	r.lvl = span{int32(ls), int32(le)}
	r.logger = span{int32(ns), int32(ne)}
	r.msg = span{int32(ms), int32(len(h))}
	r.rawCont = true // an error's "Root causes:" lines and stack
	return true
}
