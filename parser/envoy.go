package parser

import "bytes"

// Envoy's log, as every Istio sidecar and gateway writes it to stderr:
//
//	[2026-11-30 04:41:36.123][15][warning][config] [source/common/config/grpc_stream.h:191] msg
//	2026-11-30T04:41:36.123456Z	warning	envoy config external/envoy/source/…/grpc_stream.h:152	msg	thread=15
//
// The first is Envoy's default --log-format, "[%Y-%m-%d %T.%e][%t][%l][%n]
// [%g:%#] %v": the time, the thread, spdlog's level name, the logger and
// the source location. The second is the format Istio's pilot-agent gives
// its Envoy, "%Y-%m-%dT%T.%fZ\t%l\tenvoy %n %g:%#\t%v\tthread=%t", beside
// its own zap lines; older Istio releases (1.6 to 1.11 in the logs pasted
// into its issues) gave "%Y-%m-%dT%T.%fZ\t%l\tenvoy %n\t%v" (Envoy then
// prefixed %v with "[file:line] " unless told not to). Messages are
// written raw (a list of extensions at start-up continues on indented
// lines).

// envoyLevel maps spdlog's level names as Envoy prints them.
func envoyLevel(b []byte) (Level, bool) {
	switch string(b) {
	case "trace", "debug":
		return LevelDebug, true
	case "info":
		return LevelInfo, true
	case "warning":
		return LevelWarning, true
	case "error":
		return LevelError, true
	case "critical":
		return LevelCritical, true
	}
	return LevelUnknown, false
}

// envoyGroup reads "[text]" at h[i] and returns the text's span and the
// index after the bracket.
func envoyGroup(h []byte, i int) (span, int, bool) {
	if i >= len(h) || h[i] != '[' {
		return span{}, 0, false
	}
	k := bytes.IndexByte(h[i+1:], ']')
	if k <= 0 {
		return span{}, 0, false
	}
	return span{int32(i + 1), int32(i + 1 + k)}, i + k + 2, true
}

// parseEnvoy recognises Envoy's default format.
func parseEnvoy(h []byte, r *Record) bool {
	if len(h) < 40 || h[24] != ']' || scanRFC3339(h[:24], 1, false) != 24 {
		return false
	}
	thread, i, ok := envoyGroup(h, 25)
	if !ok {
		return false
	}
	for k := thread.start; k < thread.end; k++ {
		if !isDigit(h[k]) {
			return false
		}
	}
	lv, i, ok := envoyGroup(h, i)
	if !ok {
		return false
	}
	lvl, ok := envoyLevel(h[lv.start:lv.end])
	if !ok {
		return false
	}
	logger, i, ok := envoyGroup(h, i)
	if !ok || (i < len(h) && h[i] != ' ') {
		return false
	}
	r.Format, r.Level = FormatEnvoy, lvl
	r.time, r.timeKind = span{1, 24}, timeRFC3339
	r.thread, r.lvl, r.logger = thread, lv, logger
	i = min(i+1, len(h))
	if c, j, ok := envoyGroup(h, i); ok && j <= len(h) && bytes.IndexByte(h[c.start:c.end], ':') > 0 {
		r.caller = c
		i = min(j+1, len(h))
	}
	r.msg = span{int32(i), int32(len(h))}
	r.rawCont = true
	return true
}

// parseEnvoyIstio recognises Istio's format for its Envoy after the time
// (te its end, a TAB at h[te]).
func parseEnvoyIstio(h []byte, te int, r *Record) bool {
	if te+2 >= len(h) || h[te] != '\t' {
		return false
	}
	ls := te + 1
	le := ls
	for le < len(h) && le-ls < 8 && 'a' <= h[le] && h[le] <= 'z' {
		le++
	}
	lvl, ok := envoyLevel(h[ls:le])
	if !ok || !hasPrefix(h[le:], "\tenvoy ") {
		return false
	}
	// "envoy <logger> <file:line>", then the message after a TAB; in
	// older Istio releases "envoy <logger>" and the TAB, the location left
	// out or (1.6 and earlier) at the message's start in brackets.
	ns := le + 7
	i := ns
	for i < len(h) && h[i] != ' ' && h[i] != '\t' {
		i++
	}
	if i == ns || i >= len(h) {
		return false
	}
	ne := i
	var caller span
	ms := i + 1
	if h[i] == ' ' {
		cs := i + 1
		k := bytes.IndexByte(h[cs:], '\t')
		if k <= 0 {
			return false
		}
		caller = span{int32(cs), int32(cs + k)}
		ms = cs + k + 1
	} else if c, j, ok := envoyGroup(h, ms); ok && j < len(h) && h[j] == ' ' && looksLikeCaller(h[c.start:c.end]) {
		caller, ms = c, j+1
	}
	me := len(h)
	var thread span
	if t := bytes.LastIndex(h[ms:], []byte("\tthread=")); t >= 0 {
		thread = span{int32(ms + t + 8), int32(len(h))}
		me = ms + t
	}
	r.Format, r.Level = FormatEnvoy, lvl
	r.time, r.timeKind = span{0, int32(te)}, timeRFC3339
	r.lvl = span{int32(ls), int32(le)}
	r.logger = span{int32(ns), int32(ne)}
	r.caller = caller
	r.thread = thread
	r.msg = span{int32(ms), int32(me)}
	r.rawCont = true
	return true
}
