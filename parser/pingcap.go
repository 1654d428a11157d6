package parser

// pingcap/log's text layout (github.com/pingcap/log), TiDB's "unified log
// format": TiDB, PD and TiCDC write it through that package, Milvus through
// a copy of it, and TiKV's Rust logger writes the same layout. Each part
// sits in brackets, a space between them:
//
//	[2022/09/13 03:32:19.708 +08:00] [WARN] [grpclog.go:46] ["transport: failed"] [error="EOF"] [retry=true]
//	[2022/09/13 03:32:19.708 +08:00] [INFO] [ddl] [ddl.go:12] [welcome] [port=4000]
//
// the time with milliseconds and the zone's offset, the level in capitals
// (DEBUG to FATAL, zap's DPANIC and PANIC), the logger's name when it has
// one, the caller, the message (left out when empty), then the fields.
// A message, key or value is written bare unless it holds a space, a
// control byte, a quote, a backslash, a bracket or '=' (the message: any
// of these but '='); then it is quoted and escaped as a JSON string, so a
// record is always one line. The package writes to stdout unless
// configured with a file, so Datadog showed its warnings and errors as info.

// parsePingCAP recognises pingcap/log's line; h[0] is '['.
func parsePingCAP(h []byte, r *Record) bool {
	// "[2006/01/02 15:04:05.000 -07:00] [": the time is 30 bytes.
	if len(h) < 38 || h[31] != ']' || h[32] != ' ' || h[33] != '[' {
		return false
	}
	if !isPingCAPTime(h[1:31]) {
		return false
	}
	ls := 34
	le := ls
	for le < len(h) && le < ls+6 && h[le] >= 'A' && h[le] <= 'Z' {
		le++
	}
	if le >= len(h) || h[le] != ']' {
		return false
	}
	lvl, ok := pingcapLevel(h[ls:le])
	if !ok {
		return false
	}
	// The parts after the level: the name and the caller when there, the
	// message when there, then the fields.
	i := le + 1
	var name, caller, msg span
	msgKind := uint8(kindText)
	if s, e := pingcapItem(h, i); e > 0 && pingcapCaller(h[s+1:e-1]) {
		caller, i = span{int32(s + 1), int32(e - 1)}, e
	} else if e > 0 {
		if s2, e2 := pingcapItem(h, e); e2 > 0 && h[s+1] != '"' && pingcapCaller(h[s2+1:e2-1]) {
			name, caller, i = span{int32(s + 1), int32(e - 1)}, span{int32(s2 + 1), int32(e2 - 1)}, e2
		}
	}
	if s, e := pingcapItem(h, i); e > 0 {
		v := h[s+1 : e-1]
		switch {
		case len(v) > 0 && v[0] == '"':
			if skipString(v, 0) == len(v) && validJSON(v) {
				msg, msgKind, i = span{int32(s + 1), int32(e - 1)}, kindJSON, e
			}
		case indexByteFrom(v, 0, '=') < 0:
			msg, i = span{int32(s + 1), int32(e - 1)}, e
		}
	}
	r.Format, r.Level = FormatPingCAP, lvl
	r.time, r.timeKind = span{1, 31}, timeStdlogZone
	r.lvl = span{int32(ls), int32(le)}
	r.logger, r.caller = name, caller
	r.msg, r.msgKind = msg, msgKind
	if i < len(h) {
		fs := i
		if h[fs] == ' ' {
			fs++
		}
		r.fields, r.fieldsKind = span{int32(fs), int32(len(h))}, fieldsPingCAP
	}
	return true
}

// isPingCAPTime reports whether t is "2006/01/02 15:04:05.000 -07:00",
// pingcap/log's time (timeStdlogZone), also in its JSON format's "time".
func isPingCAPTime(t []byte) bool {
	if len(t) != 30 || t[4] != '/' || t[7] != '/' || t[10] != ' ' || t[13] != ':' || t[16] != ':' || t[19] != '.' ||
		t[23] != ' ' || (t[24] != '+' && t[24] != '-') || t[27] != ':' {
		return false
	}
	for _, i := range [...]int{0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18, 20, 21, 22, 25, 26, 28, 29} {
		if !isDigit(t[i]) {
			return false
		}
	}
	return true
}

// pingcapLevel maps the level words pingcap/log (zap's capitals) and
// TiKV write.
func pingcapLevel(b []byte) (Level, bool) {
	switch string(b) {
	case "TRACE":
		return LevelDebug, true
	case "DPANIC", "PANIC", "FATAL":
		return LevelCritical, true
	}
	return capitalLevel(b)
}

// pingcapItem returns the bounds of the bracketed part " [...]" at h[i]
// (s at its '[', e past its ']'), or e = -1. A part's text is bare, with
// no bracket in it, or holds JSON strings, which may.
func pingcapItem(h []byte, i int) (s, e int) {
	if i+2 >= len(h) || h[i] != ' ' || h[i+1] != '[' {
		return 0, -1
	}
	s = i + 1
	for j := s + 1; j < len(h); {
		switch h[j] {
		case ']':
			return s, j + 1
		case '"':
			if j = skipString(h, j); j < 0 {
				return 0, -1
			}
		case '[':
			return 0, -1
		default:
			j++
		}
	}
	return 0, -1
}

// pingcapCaller reports whether b is a caller as pingcap/log and TiKV
// write it: "file.go:123", or "<unknown>".
func pingcapCaller(b []byte) bool {
	if string(b) == "<unknown>" {
		return true
	}
	k := len(b) - 1
	for k > 0 && isDigit(b[k]) {
		k--
	}
	if k <= 0 || k == len(b)-1 || b[k] != ':' {
		return false
	}
	for _, c := range b[:k] {
		if c <= ' ' || c == '"' || c == '=' {
			return false
		}
	}
	return true
}

// eachPingCAPField splits pingcap/log's "[key=value]" parts, each side
// bare or a JSON string. A bare value that is a JSON number or literal is
// reported as JSON, as zap wrote it from a typed field.
func eachPingCAPField(b []byte, fn func(Field) bool) {
	i := 0
	for i < len(b) {
		if b[i] == ' ' {
			i++
			continue
		}
		if b[i] != '[' {
			rest(b[i:], fn)
			return
		}
		ks := i + 1
		var f Field
		ke := ks
		if ks < len(b) && b[ks] == '"' {
			if ke = skipString(b, ks); ke < 0 || !validJSON(b[ks:ke]) {
				rest(b[i:], fn)
				return
			}
			f.keyKind = kindJSON
		} else {
			for ke < len(b) && b[ke] != '=' && b[ke] != ']' && b[ke] != '[' && b[ke] != '"' {
				ke++
			}
		}
		if ke >= len(b) || b[ke] != '=' || ke == ks {
			rest(b[i:], fn)
			return
		}
		f.key = b[ks:ke]
		vs, ve := ke+1, ke+1
		if vs < len(b) && b[vs] == '"' {
			if ve = skipString(b, vs); ve < 0 || !validJSON(b[vs:ve]) {
				rest(b[i:], fn)
				return
			}
			f.valueKind = kindJSON
		} else {
			for ve < len(b) && b[ve] != ']' && b[ve] != '[' && b[ve] != '"' {
				ve++
			}
			if validJSON(b[vs:ve]) {
				f.valueKind = kindJSON
			}
		}
		if ve >= len(b) || b[ve] != ']' {
			rest(b[i:], fn)
			return
		}
		f.value = b[vs:ve]
		if !fn(f) {
			return
		}
		i = ve + 1
	}
}
