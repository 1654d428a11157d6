package parser

// capnslog (github.com/coreos/pkg/capnslog), the logger of etcd before 3.5
// and of other CoreOS programs: its PrettyFormatter, which etcd used, writes
//
//	2019-04-02 17:47:28.661134 I | etcdserver: msg
//	2019-04-02 17:47:28.661134 [server.go:123] I | etcdserver: msg   (debug: caller)
//
// local time to the microsecond without a zone, one severity letter
// (C E W N I D T: critical, error, warning, notice, info, debug, trace),
// " | ", then the package's name and the message, written raw: a multi-line
// message continues on lines of its own.

// parseCapnslog recognises a capnslog line; h opens with a date whose time
// is set off by a space ("2019-04-02 17:47:28"), ending at te.
func parseCapnslog(h []byte, te int, r *Record) bool {
	if te < 26 || te+6 > len(h) || h[te] != ' ' || h[19] != '.' {
		return false
	}
	i := te + 1
	var caller span
	if h[i] == '[' {
		// The debug formatter's "[file.go:123] ".
		e := indexByteFrom(h[:min(len(h), i+128)], i, ']')
		if e < 0 || e+6 > len(h) || h[e+1] != ' ' || !looksLikeCaller(h[i+1:e]) {
			return false
		}
		caller = span{int32(i + 1), int32(e)}
		i = e + 2
	}
	if i+3 > len(h) || h[i+1] != ' ' || h[i+2] != '|' || (i+3 < len(h) && h[i+3] != ' ') {
		return false
	}
	var lvl Level
	switch h[i] {
	case 'C':
		lvl = LevelCritical
	case 'E':
		lvl = LevelError
	case 'W':
		lvl = LevelWarning
	case 'N':
		lvl = LevelNotice
	case 'I':
		lvl = LevelInfo
	case 'D', 'T':
		lvl = LevelDebug
	default:
		return false
	}
	r.Format, r.Level = FormatCapnslog, lvl
	r.lvl = span{int32(i), int32(i + 1)}
	r.time, r.timeKind = span{0, int32(te)}, timeRFC3339
	r.caller = caller
	r.rawCont = true
	i = min(i+4, len(h))
	r.msg = span{int32(i), int32(trimRightSpace(h, i, len(h)))}
	return true
}
