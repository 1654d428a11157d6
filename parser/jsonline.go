package parser

import (
	"bytes"
	"math/bits"
)

// JSON lines: zap, logrus, slog, zerolog, go-kit, hclog, Bunyan/pino and
// winston write one object per record with the level under one of a few keys.
// Kubernetes components with --logging-format=json write no level at all:
// "err" marks an error, "v" is verbosity, not severity.

// jsonKey classifies a member name (the literal, quotes included).
const (
	keyOther uint8 = iota
	keyLevel
	keyMsg
	keyTime
	keyLogger
	keyCaller
	keyV
	keyErr
	keyS     // MongoDB's severity, a level only where no level key is
	keyEvent // structlog's message, the message only where no message key is
	keyTags  // Kibana 7's tags, an array that holds the level where no level key is
	// keyEmpty is the name "": a member no copy takes (see
	// appendMemberRuns), told apart here at no cost to other names.
	keyEmpty
	// keyLog is Elastic ECS's "log", an object that holds the level
	// where no level key is (see nestedLogLevel).
	keyLog
)

func classifyJSONKey(k []byte) uint8 {
	// Every key of interest is 1 to 10 characters: most keys are rejected
	// on length alone.
	if len(k) < 3 || len(k) > 12 {
		if len(k) == 2 {
			return keyEmpty
		}
		return keyOther
	}
	switch string(k[1 : len(k)-1]) {
	// .NET's JsonConsoleFormatter writes LogLevel, Message, Timestamp (when
	// set) and Category.
	case "level", "severity", "lvl", "L", "@level", "log.level", "loglevel", "LEVEL", "LogLevel":
		return keyLevel
	case "msg", "message", "M", "@message", "Message":
		return keyMsg
	case "time", "ts", "T", "@timestamp", "timestamp", "Timestamp":
		return keyTime
	case "logger", "N", "@module", "Category":
		return keyLogger
	case "caller", "C", "@caller":
		return keyCaller
	case "v":
		return keyV
	case "err":
		return keyErr
	case "s":
		return keyS
	case "event":
		return keyEvent
	case "tags":
		return keyTags
	case "log":
		return keyLog
	}
	return keyOther
}

// nonStringKind maps a member's kind to what it counts as when its value is
// not a string: the logger, caller and MongoDB's severity are taken only
// from strings.
var nonStringKind = [16]uint8{keyOther, keyLevel, keyMsg, keyTime, keyOther, keyOther, keyV, keyErr, keyOther, keyOther, keyTags, keyEmpty, keyLog}

// unquoteKind is 1 for the kinds whose span is the string's content, quotes
// left out.
var unquoteKind = [16]int{keyLogger: 1, keyCaller: 1, keyS: 1}

// escNameBit is the bit of parseJSONLine's plain, a set of kinds (below
// 16), that says a member's name holds an escape.
const escNameBit = 1 << 15

// unpackSpan is the span packed as start<<32 | end.
func unpackSpan(v uint64) span { return span{int32(v >> 32), int32(uint32(v))} }

// parseJSONLine recognises a JSON object (b is the whole object, possibly
// spread over lines when pretty-printed).
func parseJSONLine(b []byte, r *Record) bool {
	// The loop's slices of b (a name for classifyJSONKey) then take their
	// capacity from len(b): b's own is not kept live for them.
	b = b[:len(b):len(b)]
	i := skipWS(b, 0)
	if i >= len(b) || b[i] != '{' {
		return false
	}
	// The first value of each kind of member, as the span start<<32 | end,
	// zero while unseen; keyOther's slot is scratch. Which kinds a line has,
	// in which order, varies from line to line: a store indexed by the kind
	// costs less than a switch on it that mispredicts.
	var first [16]uint64
	// plain has the bit of each kind whose first value is a string the
	// stop mask showed free of escapes: the message is then decoded by
	// stripping its quotes.
	var plain uint16
	// One pass validates the object and finds the members that matter.
	// Strings end where the stop mask of the current 64-byte block says
	// (see jsonscan.go).
	j := skipWS(b, i+1)
	// What the encoder's copy needs (see appendMemberRuns): where each
	// member's name and value start, in r.members; which members were the
	// first of their kind (picked: only those can be the header's), and
	// whether a name holds an escape (plain's bit escNameBit, one value
	// fewer live in the loop). n counts the members.
	n := 0
	var picked uint32
	base, mask := stopBlock(b, j)
	// Each step tests for the byte compact JSON has there (no white space
	// between tokens) before looking for white space. The loop ends at
	// the closing brace, b[j], with a break: not a test of a variable
	// kept live for it.
	if j < len(b) && b[j] == '}' {
		goto closed
	}
	for {
		if j >= len(b) || b[j] != '"' {
			return false
		}
		// The key's end, in skipStringBlock's common case written out here
		// as the inliner will not take it: q is the offset in the block of
		// the first stop from the key's first byte on, 64 or more when the
		// block has none there or the key starts past it. A stop inside
		// the block and b that is a quote ends the key. (Tested on b, not
		// on a slice of the block: one slice fewer to keep in registers
		// and to cut again at each new block.)
		var ke int
		o := uint(j + 1 - base)
		if q := o + uint(bits.TrailingZeros64(mask>>(o&63))); q < 64 && uint(base+int(q)) < uint(len(b)) && b[base+int(q)] == '"' {
			ke = base + int(q) + 1
		} else {
			if ke, base, mask = skipStringBlock(b, j+1, base, mask); ke < 0 {
				return false
			}
			// Past its block, or escaped: the fast path above saw no
			// backslash, this one looks.
			if bytes.IndexByte(b[j:ke], '\\') >= 0 {
				plain |= escNameBit
			}
		}
		c := ke
		if c >= len(b) || b[c] != ':' {
			if c = skipWS(b, ke); c >= len(b) || b[c] != ':' {
				return false
			}
		}
		vs := skipWS(b, c+1)
		if uint(n) < uint(len(r.members)) { // unsigned: no second check
			r.members[n] = uint32(j)<<16 | uint32(vs)&0xffff
		}
		n++
		var ve int
		pl := uint8(0) // the value is a string without escapes
		k := classifyJSONKey(b[j:ke])
		if vs < len(b) && b[vs] == '"' { // most values: no trip through skipValue's switch
			o = uint(vs + 1 - base)
			if q := o + uint(bits.TrailingZeros64(mask>>(o&63))); q < 64 && uint(base+int(q)) < uint(len(b)) && b[base+int(q)] == '"' {
				ve = base + int(q) + 1
				pl = 1
			} else {
				ve, base, mask = skipStringBlock(b, vs+1, base, mask)
				// Past its block or escaped. Only the message's plainness
				// is ever read, and looking again is rare enough.
				if k == keyMsg && ve > 0 && bytes.IndexByte(b[vs:ve], '\\') < 0 {
					pl = 1
				}
			}
		} else {
			if vs < len(b) && b[vs]-'0' < 10 { // most others: unsigned numbers
				ve = skipNumber(b, vs)
			} else {
				ve, base, mask = skipValueBlock(b, vs, 0, base, mask)
			}
			k = nonStringKind[k&15]
		}
		if ve < 0 {
			return false
		}
		// The first value wins, but an empty span does not count as one:
		// a logger or caller "" is replaced by the next.
		q := unquoteKind[k&15]
		v := uint64(vs+q)<<32 | uint64(uint32(ve-q))
		if f := first[k&15]; int32(f>>32) < int32(f) {
			v = f
		} else {
			plain = plain&^(1<<(k&15)) | uint16(pl)<<(k&15)
			picked |= 1 << ((n - 1) & 31)
		}
		first[k&15] = v
		j = ve
		if j >= len(b) || b[j] != ',' {
			if j = skipWS(b, j); j < len(b) && b[j] == '}' {
				break
			}
			if j >= len(b) || b[j] != ',' {
				return false
			}
		}
		j++
		if j >= len(b) || b[j] != '"' {
			j = skipWS(b, j) // and a '}' here is a trailing comma
		}
	}
closed:
	end := j + 1
	if skipWS(b, end) != len(b) {
		return false
	}
	lvlV, msgV, timeV := unpackSpan(first[keyLevel]), unpackSpan(first[keyMsg]), unpackSpan(first[keyTime])
	loggerV, callerV := unpackSpan(first[keyLogger]), unpackSpan(first[keyCaller])
	haveV, haveErr := first[keyV] != 0, first[keyErr] != 0
	if lvlV.empty() && !haveV && !haveErr {
		// Elastic ECS nests the level ({"log":{"level":"info"}}) when
		// its keys are not written dotted ("log.level", found above).
		// Kubernetes JSON, which has no level but v or err, skips the
		// second look, and so does any line without a "log" (the pass
		// above noted the first's value).
		if lg := unpackSpan(first[keyLog]); !lg.empty() {
			lvlV = nestedLogLevel(b, int(lg.start), int(lg.end))
		}
	}
	// MongoDB's structured log (4.4 on): {"t":{"$date":…},"s":"I",
	// "c":"NETWORK","id":…,"ctx":…,"msg":…,"attr":{…}}. Its "s" counts
	// only where no key above gives a level.
	var mongo Level
	if sV := unpackSpan(first[keyS]); lvlV.empty() && !haveV && !haveErr && !sV.empty() {
		mongo, _ = mongoLevel(b[sV.start:sV.end])
	}
	switch {
	case mongo != LevelUnknown:
		r.Format, r.Level, r.lvl = FormatJSON, mongo, unpackSpan(first[keyS])
		if vs, ve := jsonMember(b, i, `"c"`); vs >= 0 && b[vs] == '"' && ve-vs > 2 {
			loggerV = span{int32(vs + 1), int32(ve - 1)}
		}
		if vs, _ := jsonMember(b, i, `"t"`); vs >= 0 && b[vs] == '{' {
			if ds, de := jsonMember(b, vs, `"$date"`); ds >= 0 && b[ds] == '"' {
				timeV, r.timeObj = span{int32(ds), int32(de)}, int32(vs)
			}
		}
	case !lvlV.empty():
		lv := b[lvlV.start:lvlV.end]
		var lvl Level
		var ok bool
		if lv[0] == '"' {
			w := lv[1 : len(lv)-1]
			r.lvl = span{lvlV.start + 1, lvlV.end - 1}
			if lvl, ok = wordLevel(w); !ok {
				if lvl, ok = slogLevel(w); !ok {
					if lvl, ok = zapLevel(w); !ok {
						// winston's npm levels (its syslog words
						// are wordLevel's).
						lvl, ok = npmLevel(w)
					}
				}
			}
		} else {
			r.lvl = lvlV
			if n, isNum := atoiSigned(lv); isNum {
				lvl, ok = numericLevel(n)
			}
		}
		if !ok {
			return false
		}
		r.Format, r.Level = FormatJSON, lvl
	case haveV || haveErr || !callerV.empty():
		// Kubernetes JSON (component-base logs/json): a numeric ts and a
		// msg, plus v, err or caller — legacy klog.Error and ErrorS with a
		// nil error carry neither v nor err. Anything less is just some
		// object.
		if timeV.empty() || msgV.empty() || b[timeV.start] == '"' {
			return false
		}
		r.Format, r.Level = FormatKlogJSON, LevelInfo
		if haveErr {
			r.Level = LevelError
		}
	default:
		// Kibana 7's JSON, {"type":"log",…,"tags":["warning","plugins",…],
		// "message":…}: no level key, the level one of its tags.
		tv := unpackSpan(first[keyTags])
		if tv.empty() || b[tv.start] != '[' {
			return false
		}
		lvl, lv := tagsLevel(b, int(tv.start))
		if lvl == LevelUnknown {
			return false
		}
		r.Format, r.Level, r.lvl = FormatJSON, lvl, lv
	}
	msgBit := uint16(1) << keyMsg
	if msgV.empty() {
		// structlog's JSONRenderer writes the message under "event"
		// (Python services, Airflow 3): the message where no other key
		// names one, and a string.
		if ev := unpackSpan(first[keyEvent]); !ev.empty() {
			msgV, msgBit = ev, 1<<keyEvent
		}
	}
	if !msgV.empty() {
		r.msg, r.msgKind = msgV, kindJSON
		if plain&msgBit != 0 {
			r.msgKind = kindPlainString
		}
	} else {
		r.msg = span{int32(len(b)), int32(len(b))}
	}
	if !timeV.empty() {
		if b[timeV.start] == '"' {
			// A string the renderer cannot decode stays among the
			// attributes rather than vanish.
			if kind, ok := jsonTimeKind(b[timeV.start+1 : timeV.end-1]); ok {
				r.time, r.timeKind = span{timeV.start + 1, timeV.end - 1}, kind
			} else {
				r.timeObj = 0 // MongoDB's "t" object too
			}
		} else {
			r.time, r.timeKind = timeV, timeEpoch
		}
	}
	r.logger, r.caller = loggerV, callerV
	r.fields = span{int32(i), int32(end)}
	r.fieldsKind = fieldsJSONRest
	if plain&escNameBit == 0 && first[keyEmpty] == 0 && n <= len(r.members) && end <= 1<<16 && r.timeObj == 0 && mongo == LevelUnknown {
		// The offsets fit the entries' 16 bits: end, past the closing
		// brace, is the largest the copy reads. MongoDB's logger and
		// time are members no kind picks: its lines take the walk.
		r.nMembers, r.pickedMembers = uint8(n), picked
	}
	return true
}

// tagsLevel reads the level of an array of tags at b[i] (its '['), which
// parseJSONLine has checked: the most severe of Kibana's level words among
// its strings (fatal, error, warning, info, debug, trace, in any case), as
// the pipeline's categories, tried most severe first, find it. Kibana 7
// writes its level first ("warning", "plugins", "security"), or last after
// a status change ("status", "plugin:kibana@7.8.0", "info").
func tagsLevel(b []byte, i int) (Level, span) {
	best, at := LevelUnknown, span{}
	for i = skipWS(b, i+1); i < len(b) && b[i] != ']'; {
		e := skipJSONValue(b, i)
		if e < 0 {
			break
		}
		if b[i] == '"' && e-i <= 9 {
			var lvl Level
			switch w := b[i+1 : e-1]; {
			case eqFold(w, "fatal"):
				lvl = LevelCritical
			case eqFold(w, "error"):
				lvl = LevelError
			case eqFold(w, "warning"):
				lvl = LevelWarning
			case eqFold(w, "info"):
				lvl = LevelInfo
			case eqFold(w, "debug"), eqFold(w, "trace"):
				lvl = LevelDebug
			}
			if lvl > best {
				best, at = lvl, span{int32(i + 1), int32(e - 1)}
			}
		}
		if i = skipWS(b, e); i < len(b) && b[i] == ',' {
			i = skipWS(b, i+1)
		}
	}
	return best, at
}

// jsonTimeKind tells how a JSON time string is written: RFC 3339 (or its
// form with a space for the 'T'), or a date and time followed by a space and
// a zone's name or offset, as the Datadog Agent's JSON writes
// "2026-12-02 10:56:38 UTC". ok is false for any other string.
func jsonTimeKind(v []byte) (uint8, bool) {
	e := scanRFC3339(v, 0, false)
	if e > 0 && e == len(v) {
		return timeRFC3339, true
	}
	if e == 0 && isPingCAPTime(v) {
		// pingcap/log's JSON format (TiDB's, Milvus's) keeps its text
		// layout's time: "2025/05/07 20:24:23.212 +00:00".
		return timeStdlogZone, true
	}
	if e < 19 || v[e] != ' ' || len(v)-e-1 < 1 || len(v)-e-1 > 5 {
		return timeNone, false
	}
	for _, c := range v[e+1:] {
		if !isUpper(c) && !isDigit(c) && c != '+' && c != '-' {
			return timeNone, false
		}
	}
	return timeZoneName, true
}

// eachJSONRest walks the object's members except those the header consumed.
// parseJSONLine checked the whole object, so it is not checked again.
func (r *Record) eachJSONRest(b []byte, base int, fn func(Field) bool) {
	eachJSONMember(b, skipWS(b, 0), fn, r, base)
}

// consumedJSON reports whether the member value that starts at offset at
// of the text (its opening quote, for a string) is one the header took:
// the level, message, time, logger or caller.
func (r *Record) consumedJSON(at int32) bool {
	return at == r.lvl.start || at+1 == r.lvl.start || at == r.msg.start || at+1 == r.time.start ||
		at == r.time.start || at+1 == r.logger.start || at+1 == r.caller.start || at == r.timeObj
}

// mongoLevel maps MongoDB's severities: F (fatal), E, W, I, and D with
// its verbosity, D1 to D5.
func mongoLevel(w []byte) (Level, bool) {
	switch string(w) {
	case "F":
		return LevelCritical, true
	case "E":
		return LevelError, true
	case "W":
		return LevelWarning, true
	case "I":
		return LevelInfo, true
	case "D", "D1", "D2", "D3", "D4", "D5":
		return LevelDebug, true
	}
	return LevelUnknown, false
}

// nestedLogLevel returns the span of the value of "level" inside the
// value b[vs:ve] of a valid object's first top-level member "log", or an
// empty span.
func nestedLogLevel(b []byte, vs, ve int) span {
	if b[vs] != '{' {
		return span{}
	}
	if vs, ve = jsonMember(b[:ve], vs, `"level"`); vs < 0 {
		return span{}
	}
	return span{int32(vs), int32(ve)}
}

// jsonMember finds the member named name (a JSON string literal, quotes
// included, written without escapes) among the members of the valid
// object that opens at b[i], returning its value's bounds or -1, -1.
func jsonMember(b []byte, i int, name string) (vs, ve int) {
	i = skipWS(b, i+1)
	for i < len(b) && b[i] == '"' {
		ke := skipString(b, i)
		if ke < 0 {
			return -1, -1
		}
		c := skipWS(b, ke)
		if c >= len(b) || b[c] != ':' {
			return -1, -1
		}
		vs = skipWS(b, c+1)
		if ve = skipValue(b, vs, 0); ve < 0 {
			return -1, -1
		}
		if string(b[i:ke]) == name {
			return vs, ve
		}
		if i = skipWS(b, ve); i < len(b) && b[i] == ',' {
			i = skipWS(b, i+1)
		}
	}
	return -1, -1
}
