package parser

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"math/rand"
	"regexp"
	"strings"
	"testing"
)

// The time strings the oracle takes as the record's time: RFC 3339 (a space
// for the 'T' allowed, the zone optional), and a date and time with a zone's
// name or offset after a space.
var (
	oracleRFC3339  = regexp.MustCompile(`^[0-9]{4}-[0-9]{2}-[0-9]{2}[ T][0-9]{2}:[0-9]{2}:[0-9]{2}([.,][0-9]+)?(Z|[+-][0-9]{2}:?[0-9]{2})?$`)
	oracleZoneName = regexp.MustCompile(`^[0-9]{4}-[0-9]{2}-[0-9]{2}[ T][0-9]{2}:[0-9]{2}:[0-9]{2}([.,][0-9]+)? [A-Z0-9+-]{1,5}$`)
	// pingcap/log's JSON format keeps its text layout's time.
	oraclePingCAPTime = regexp.MustCompile(`^\d{4}/\d{2}/\d{2} \d{2}:\d{2}:\d{2}\.\d{3} [+-]\d{2}:\d{2}$`)
)

// The parser as it was before the stop bitmap (json.go and jsonline.go at
// 958a1b9, names suffixed Ref), kept as the oracle the bitmap parser must
// agree with on every input: same verdict, same Record.

func parseJSONLineRef(b []byte, r *Record) bool {
	i := skipWSRef(b, 0)
	if i >= len(b) || b[i] != '{' {
		return false
	}
	var lvlV, msgV, timeV, loggerV, callerV span
	// MongoDB's severity (a string's content), and its first "c" and "t"
	// members' values.
	var sV, cV, tV span
	// structlog's "event", the message where no message key is.
	var evV span
	seenC, seenT := false, false
	var haveV, haveErr bool
	// The level nested under the first "log" member (Elastic ECS), added
	// with the nested lookup of parseJSONLine.
	var nestedLvl span
	seenLog := false
	// Kibana 7's tags: the first "tags" member's value.
	var tagsV span
	seenTags := false
	// One pass validates the object and finds the members that matter.
	j := skipWSRef(b, i+1)
	end := -1
	for j < len(b) {
		if b[j] == '}' {
			end = j + 1
			break
		}
		if b[j] != '"' {
			return false
		}
		ke := skipStringRef(b, j)
		if ke < 0 {
			return false
		}
		c := skipWSRef(b, ke)
		if c >= len(b) || b[c] != ':' {
			return false
		}
		vs := skipWSRef(b, c+1)
		var ve int
		if vs < len(b) && b[vs] == '"' { // most values: no trip through skipValue's switch
			ve = skipStringRef(b, vs)
		} else {
			ve = skipValueRef(b, vs, 0)
		}
		if ve < 0 {
			return false
		}
		v := span{int32(vs), int32(ve)}
		if !seenLog && string(b[j:ke]) == `"log"` {
			seenLog = true
			if b[vs] == '{' {
				eachJSONField(b[vs:ve], func(f Field) bool {
					if string(f.key) == `"level"` {
						s := vs + cap(b[vs:ve]) - cap(f.value)
						nestedLvl = span{int32(s), int32(s + len(f.value))}
						return false
					}
					return true
				})
			}
		}
		if !seenTags && string(b[j:ke]) == `"tags"` {
			seenTags, tagsV = true, v
		}
		if !seenC && string(b[j:ke]) == `"c"` {
			seenC, cV = true, v
		}
		if !seenT && string(b[j:ke]) == `"t"` {
			seenT, tV = true, v
		}
		switch classifyJSONKeyRef(b[j:ke]) {
		case keyEvent:
			if evV.empty() && b[vs] == '"' {
				evV = v
			}
		case keyS:
			if sV.empty() && b[vs] == '"' {
				sV = span{int32(vs + 1), int32(ve - 1)}
			}
		case keyLevel:
			if lvlV.empty() {
				lvlV = v
			}
		case keyMsg:
			if msgV.empty() {
				msgV = v
			}
		case keyTime:
			if timeV.empty() {
				timeV = v
			}
		case keyLogger:
			if loggerV.empty() && b[vs] == '"' {
				loggerV = span{int32(vs + 1), int32(ve - 1)}
			}
		case keyCaller:
			if callerV.empty() && b[vs] == '"' {
				callerV = span{int32(vs + 1), int32(ve - 1)}
			}
		case keyV:
			haveV = true
		case keyErr:
			haveErr = true
		}
		j = skipWSRef(b, ve)
		if j < len(b) && b[j] == ',' {
			j = skipWSRef(b, j+1)
			if j < len(b) && b[j] == '}' {
				return false // trailing comma
			}
		} else if j < len(b) && b[j] != '}' {
			return false
		}
	}
	if end < 0 || skipWSRef(b, end) != len(b) {
		return false
	}
	if lvlV.empty() && !haveV && !haveErr {
		lvlV = nestedLvl
	}
	mongo := LevelUnknown
	if lvlV.empty() && !haveV && !haveErr && !sV.empty() {
		mongo, _ = mongoLevel(b[sV.start:sV.end])
	}
	switch {
	case mongo != LevelUnknown:
		r.Format, r.Level, r.lvl = FormatJSON, mongo, sV
		if seenC && b[cV.start] == '"' && cV.end-cV.start > 2 {
			loggerV = span{cV.start + 1, cV.end - 1}
		}
		if seenT && b[tV.start] == '{' {
			eachJSONField(b[tV.start:tV.end], func(f Field) bool {
				if string(f.key) == `"$date"` {
					if f.value[0] == '"' {
						s := int(tV.start) + cap(b[tV.start:tV.end]) - cap(f.value)
						timeV, r.timeObj = span{int32(s), int32(s + len(f.value))}, tV.start
					}
					return false
				}
				return true
			})
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
		// Kibana 7: the most severe level word among the tags' strings,
		// compared as written, the first of equals.
		if tagsV.empty() || b[tagsV.start] != '[' {
			return false
		}
		rank := map[string]Level{"fatal": LevelCritical, "error": LevelError, "warning": LevelWarning,
			"info": LevelInfo, "debug": LevelDebug, "trace": LevelDebug}
		best := LevelUnknown
		for k := skipWSRef(b, int(tagsV.start)+1); k < int(tagsV.end) && b[k] != ']'; {
			e := skipValueRef(b, k, 0)
			if b[k] == '"' {
				if l := rank[strings.ToLower(string(b[k+1:e-1]))]; l > best {
					best, r.lvl = l, span{int32(k + 1), int32(e - 1)}
				}
			}
			k = skipWSRef(b, e)
			if k < len(b) && b[k] == ',' {
				k = skipWSRef(b, k+1)
			}
		}
		if best == LevelUnknown {
			return false
		}
		r.Format, r.Level = FormatJSON, best
	}
	if msgV.empty() {
		msgV = evV
	}
	if !msgV.empty() {
		r.msg, r.msgKind = msgV, kindJSON
		if m := b[msgV.start:msgV.end]; m[0] == '"' && bytes.IndexByte(m, '\\') < 0 {
			r.msgKind = kindPlainString
		}
	} else {
		r.msg = span{int32(len(b)), int32(len(b))}
	}
	if !timeV.empty() {
		if b[timeV.start] == '"' {
			// A time string is the record's time only when it reads as
			// one; otherwise it stays among the attributes.
			switch v := b[timeV.start+1 : timeV.end-1]; {
			case oracleRFC3339.Match(v):
				r.time, r.timeKind = span{timeV.start + 1, timeV.end - 1}, timeRFC3339
			case oracleZoneName.Match(v):
				r.time, r.timeKind = span{timeV.start + 1, timeV.end - 1}, timeZoneName
			case oraclePingCAPTime.Match(v):
				r.time, r.timeKind = span{timeV.start + 1, timeV.end - 1}, timeStdlogZone
			default:
				r.timeObj = 0
			}
		} else {
			r.time, r.timeKind = timeV, timeEpoch
		}
	}
	r.logger, r.caller = loggerV, callerV
	r.fields = span{int32(i), int32(end)}
	r.fieldsKind = fieldsJSONRest
	return true
}

func classifyJSONKeyRef(k []byte) uint8 {
	// Every key of interest is 1 to 10 characters: most keys are rejected
	// on length alone.
	if len(k) < 3 || len(k) > 12 {
		return keyOther
	}
	switch string(k[1 : len(k)-1]) {
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
	}
	return keyOther
}

func skipWSRef(b []byte, i int) int {
	for i < len(b) && b[i] <= ' ' && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

func skipValueRef(b []byte, i, depth int) int {
	if i >= len(b) || depth > maxJSONDepth {
		return -1
	}
	switch c := b[i]; {
	case c == '"':
		return skipStringRef(b, i)
	case c == '{':
		i = skipWSRef(b, i+1)
		if i < len(b) && b[i] == '}' {
			return i + 1
		}
		for {
			if i >= len(b) || b[i] != '"' {
				return -1
			}
			if i = skipStringRef(b, i); i < 0 {
				return -1
			}
			i = skipWSRef(b, i)
			if i >= len(b) || b[i] != ':' {
				return -1
			}
			if i = skipValueRef(b, skipWSRef(b, i+1), depth+1); i < 0 {
				return -1
			}
			i = skipWSRef(b, i)
			if i >= len(b) {
				return -1
			}
			if b[i] == '}' {
				return i + 1
			}
			if b[i] != ',' {
				return -1
			}
			i = skipWSRef(b, i+1)
		}
	case c == '[':
		i = skipWSRef(b, i+1)
		if i < len(b) && b[i] == ']' {
			return i + 1
		}
		for {
			if i = skipValueRef(b, i, depth+1); i < 0 {
				return -1
			}
			i = skipWSRef(b, i)
			if i >= len(b) {
				return -1
			}
			if b[i] == ']' {
				return i + 1
			}
			if b[i] != ',' {
				return -1
			}
			i = skipWSRef(b, i+1)
		}
	case c == 't':
		return skipLiteralRef(b, i, "true")
	case c == 'f':
		return skipLiteralRef(b, i, "false")
	case c == 'n':
		return skipLiteralRef(b, i, "null")
	case c == '-' || ('0' <= c && c <= '9'):
		return skipNumberRef(b, i)
	}
	return -1
}

func skipLiteralRef(b []byte, i int, lit string) int {
	if len(b)-i < len(lit) || string(b[i:i+len(lit)]) != lit {
		return -1
	}
	return i + len(lit)
}

func skipNumberRef(b []byte, i int) int {
	if i < len(b) && b[i] == '-' {
		i++
	}
	if i >= len(b) {
		return -1
	}
	if b[i] == '0' {
		i++
	} else if '1' <= b[i] && b[i] <= '9' {
		for i < len(b) && isDigit(b[i]) {
			i++
		}
	} else {
		return -1
	}
	if i < len(b) && b[i] == '.' {
		i++
		if i >= len(b) || !isDigit(b[i]) {
			return -1
		}
		for i < len(b) && isDigit(b[i]) {
			i++
		}
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		if i >= len(b) || !isDigit(b[i]) {
			return -1
		}
		for i < len(b) && isDigit(b[i]) {
			i++
		}
	}
	return i
}

func skipStringRef(b []byte, i int) int {
	i++
	// Fast path, eight bytes at a time: the first quote, backslash or
	// control character decides. Most strings in logs are short, where this
	// beats a vectorised search's call overhead.
	for i+8 <= len(b) {
		x := binary.LittleEndian.Uint64(b[i:])
		if m := specialBytesRef(x); m != 0 {
			i += bits.TrailingZeros64(m) / 8
			if b[i] == '"' {
				return i + 1
			}
			break // escape or control character: the careful loop below
		}
		i += 8
	}
	for i < len(b) {
		switch c := b[i]; {
		case c == '"':
			return i + 1
		case c == '\\':
			if i+1 >= len(b) {
				return -1
			}
			switch b[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i += 2
			case 'u':
				if i+6 > len(b) {
					return -1
				}
				for _, h := range b[i+2 : i+6] {
					if _, ok := unhex(h); !ok {
						return -1
					}
				}
				i += 6
			default:
				return -1
			}
		case c < 0x20:
			return -1
		default:
			i++
		}
	}
	return -1
}

func specialBytesRef(x uint64) uint64 {
	const lo, hi, ones = 0x2020202020202020, 0x8080808080808080, 0x0101010101010101
	q := x ^ 0x2222222222222222
	bs := x ^ 0x5c5c5c5c5c5c5c5c
	return ((x-lo)&^x | (q-ones)&^q | (bs-ones)&^bs) & hi
}

// checkJSONLine fails unless parseJSONLine and the oracle agree on b, and
// the string and number scans agree wherever a string or number can start.
func checkJSONLine(t testing.TB, b []byte) {
	t.Helper()
	got, want := Record{text: b}, Record{text: b}
	g := parseJSONLine(b, &got)
	w := parseJSONLineRef(b, &want)
	// The oracle does not note the members for the copy: the copy is
	// held to the walk instead.
	want.nMembers, want.pickedMembers = got.nMembers, got.pickedMembers
	if g {
		checkMemberRuns(t, &got)
	}
	if g != w || got.Format != want.Format || got.Level != want.Level || got.layout != want.layout {
		t.Fatalf("%q:\nparseJSONLine %v %v %v %+v\noracle        %v %v %v %+v", b, g, got.Format, got.Level, got.layout, w, want.Format, want.Level, want.layout)
	}
	for i, c := range b {
		switch {
		case c == '"':
			if g, w := skipString(b, i), skipStringRef(b, i); g != w {
				t.Fatalf("%q: skipString at %d: %d, oracle %d", b, i, g, w)
			}
		case c == '-' || isDigit(c):
			if g, w := skipNumber(b, i), skipNumberRef(b, i); g != w {
				t.Fatalf("%q: skipNumber at %d: %d, oracle %d", b, i, g, w)
			}
		case c == '{' || c == '[':
			// Containers that start anywhere in a block, not only at 0.
			if g, w := skipValue(b, i, 0), skipValueRef(b, i, 0); g != w {
				t.Fatalf("%q: skipValue at %d: %d, oracle %d", b, i, g, w)
			}
		}
	}
	if g, w := skipJSONValue(b, 0), skipValueRef(b, skipWSRef(b, 0), 0); g != w {
		t.Fatalf("%q: skipJSONValue: %d, oracle %d", b, g, w)
	}
}

// jsonLineInserts are spliced into lines at every position: what ends or
// breaks a string, what the structure is made of, and bytes the word
// tricks could confuse.
var jsonLineInserts = []string{
	`\`, `"`, ` `, "\x00", "\x01", "\x1f", "\t", "\n", "\r", "\x7f", "\x80", "\xff", "é",
	`\\`, `\"`, `\/`, `\n`, `\u00e9`, `\ud800`, `\ud83d\ude00`, `\u12`, `\u12g4`, `\x`, `\` + "\x01",
	`}`, `{`, `,`, `:`, `[`, `]`, `0`, `-`, `1.5e3`, `true`, `"x"`, `""`, `"a":1,`, `"level":"warn",`, `"logger":1,`, `"caller":null,`, `"N":[],`, `"v":0,`, `"err":"x",`,
	"#", "]", "!", "#\"",
}

// eachJSONLineMutation calls fn with line and with variants of it:
// truncated at every position, with each of jsonLineInserts spliced in,
// each byte replaced by one and each byte deleted, shifted by white space
// and padded past several 64-byte blocks. fn must not keep its argument.
func eachJSONLineMutation(line []byte, fn func([]byte)) {
	var buf []byte
	splice := func(parts ...[]byte) {
		buf = buf[:0]
		for _, p := range parts {
			buf = append(buf, p...)
		}
		fn(buf)
	}
	fn(line)
	for k := 0; k <= len(line); k++ {
		fn(line[:k])
		splice([]byte("{"), line[k:])
		for _, ins := range jsonLineInserts {
			splice(line[:k], []byte(ins), line[k:])
			if k < len(line) && len(ins) == 1 {
				splice(line[:k], []byte(ins), line[k+1:])
			}
		}
		if k < len(line) {
			splice(line[:k], line[k+1:])
		}
	}
	if len(line) == 0 || line[0] != '{' {
		return
	}
	rest := line[1:]
	for n := 0; n <= 140; n++ {
		pad := bytes.Repeat([]byte(" "), n)
		splice([]byte("{"), pad, rest)
		str := bytes.Repeat([]byte("p"), n)
		splice([]byte(`{"pad":"`), str, []byte(`",`), rest)
		splice([]byte(`{"pad":"`), str, []byte(`\n`), str, []byte(`",`), rest)
		splice([]byte(`{"p`), str, []byte(`":`), str[:n%10], []byte(`0,`), rest)
		if len(rest) > 1 {
			splice(line[:len(line)-1], []byte(`,"pad":"`), str, []byte(`"}`))
		}
	}
	long := bytes.Repeat([]byte("x"), 600)
	splice([]byte(`{"pad":"`), long, []byte(`",`), rest)
	splice([]byte(`{"pad":"`), long, []byte(`\"`), long, []byte(`",`), rest)
}

// jsonLinesForTest are the corpus lines that open an object, and the
// pretty-printed records the joiner would gather from lone-brace lines.
func jsonLinesForTest(tb testing.TB) [][]byte {
	var out [][]byte
	var rec []byte
	for _, l := range corpusLines(tb) {
		switch {
		case len(l) == 1 && l[0] == '{':
			rec = append(rec[:0:0], l...)
		case rec != nil:
			rec = append(append(rec, '\n'), l...)
			if len(l) == 1 && l[0] == '}' {
				out = append(out, rec)
				rec = nil
			}
		case len(l) > 0 && l[0] == '{':
			out = append(out, l)
		}
	}
	return out
}

func TestJSONLineMatchesOracle(t *testing.T) {
	lines := jsonLinesForTest(t)
	if len(lines) == 0 {
		t.Skip("no corpus: run make corpus")
	}
	n := 0
	for i, l := range lines {
		if raceEnabled && i%8 != 0 {
			continue
		}
		eachJSONLineMutation(l, func(b []byte) {
			checkJSONLine(t, b)
			n++
		})
	}
	t.Logf("%d lines, %d variants", len(lines), n)
}

// TestJSONLineRandom builds random objects from the member names that
// matter and values of every kind, valid mostly and then broken at one
// place, for what the corpus mutations do not reach: names repeated or with
// values of the wrong kind, many escapes, strings across block ends,
// nesting.
func TestJSONLineRandom(t *testing.T) {
	rnd := rand.New(rand.NewSource(3))
	keys := []string{`"level"`, `"lvl"`, `"L"`, `"severity"`, `"msg"`, `"M"`, `"message"`, `"ts"`, `"time"`, `"T"`, `"@timestamp"`,
		`"caller"`, `"C"`, `"logger"`, `"N"`, `"v"`, `"err"`, `"x"`, `"key with space"`, `"l\u0065vel"`, `""`, `"tags"`, `"log"`}
	values := []string{`"info"`, `"error"`, `"WARN"`, `"DPANIC"`, `"x.go:12"`, `3`, `30`, `50`, `-1`, `1.5`, `1796017958.1218293`, `-0`,
		`1e3`, `null`, `true`, `false`, `""`, `"say \"hi\""`, `"a\nb\tc"`, `"\u00e9\ud83d\ude00"`, `"2026-11-30T05:52:38Z"`,
		`{}`, `[]`, `{"a":[1,{"b":"c"}]}`, `[1,"x",null]`, `["warning","plugins"]`, `[ "status" ,"x", "ERROR"]`,
		`["info",{"fatal":1},"fatal"]`, `["trace","Debug"]`, `["\u0065rror"]`, `{"level":"warn"}`, `{"x":1, "level" : 3}`, `"abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyz"`}
	ws := []string{"", "", "", " ", "\n  ", "\t"}
	pick := func(l []string) string { return l[rnd.Intn(len(l))] }
	var b []byte
	iters := 200000
	if raceEnabled {
		iters /= 8
	}
	for iter := 0; iter < iters; iter++ {
		b = append(b[:0], pick(ws)...)
		b = append(b, '{')
		for n := rnd.Intn(14); n > 0; n-- {
			b = append(b, pick(ws)...)
			b = append(b, pick(keys)...)
			b = append(b, pick(ws)...)
			b = append(b, ':')
			b = append(b, pick(ws)...)
			b = append(b, pick(values)...)
			b = append(b, pick(ws)...)
			if n > 1 {
				b = append(b, ',')
			}
		}
		b = append(b, '}')
		b = append(b, pick(ws)...)
		checkJSONLine(t, b)
		if len(b) > 0 && rnd.Intn(2) == 0 {
			k := rnd.Intn(len(b))
			ins := pick(jsonLineInserts)
			switch rnd.Intn(3) {
			case 0:
				b = append(b[:k], append([]byte(ins), b[k:]...)...)
			case 1:
				b[k] = ins[0]
			case 2:
				b = append(b[:k], b[k+1:]...)
			}
			checkJSONLine(t, b)
		}
	}
}

// FuzzJSONLine holds parseJSONLine to the oracle on arbitrary input.
func FuzzJSONLine(f *testing.F) {
	for i, l := range jsonLinesForTest(f) {
		if i%5 == 0 {
			f.Add(l)
		}
	}
	f.Add([]byte(`{"level":"info","msg":"say \"hi\"","q":"\u00e9\ud800"}`))
	f.Add([]byte(`{"ts":1.5,"caller":"x.go:1","msg":"m","v":0,"err":null}`))
	// structlog's "event": the message only where no message key is, and
	// only a string.
	f.Add([]byte(`{"event":"e","level":"info"}`))
	f.Add([]byte(`{"event":"e","level":"info","msg":"m"}`))
	f.Add([]byte(`{"msg":3,"event":"e","level":"info"}`))
	f.Add([]byte(`{"event":1,"event":"e\"x","level":"warn"}`))
	// MongoDB's, and the edges of its "s", "c" and "t".
	f.Add([]byte(`{"t":{"$date":"2023-01-05T13:58:28.362+00:00"},"s":"W",  "c":"NETWORK",  "id":23234,   "ctx":"conn6","msg":"m"}`))
	f.Add([]byte(`{"s":"","s":"E","c":3,"c":"X","t":{"$date":{"$numberLong":"1"}},"msg":"m"}`))
	f.Add([]byte(`{"ts":1.5,"caller":"x.go:1","msg":"m","s":"E","level":"bogus"}`))
	// Elastic's nested level: the first "log" only, an object.
	f.Add([]byte(`{"log":"x","log":{"level":"error"},"message":"m"}`))
	f.Add([]byte(`{"log":{"logger":"a","level":"warn"},"log":{"level":"error"},"message":"m"}`))
	f.Add([]byte(`{"l\u006fg":{"level":"warn"},"msg":"m"}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		checkJSONLine(t, b)
	})
}

// stopByte is what stop8 and stopBlock mark.
func stopByte(c byte) bool { return c < 0x20 || c == '"' || c == '\\' }

// Every bit of stop8 is exact, for every byte value at every position
// whatever the other bytes: the bitmap is read past its lowest hit.
func TestStop8(t *testing.T) {
	check := func(w [8]byte) {
		got := ^stop8(binary.LittleEndian.Uint64(w[:])) & 0xff
		want := uint64(0)
		for k, c := range w {
			if stopByte(c) {
				want |= 1 << k
			}
		}
		if got != want {
			t.Fatalf("%q: stops %08b, want %08b", w, got, want)
		}
	}
	for c := 0; c < 256; c++ {
		for pos := 0; pos < 8; pos++ {
			for _, fill := range []byte{0, '"', '\\', 0x1f, 0x20, 'a', 0x7f, 0x80, 0xa2, 0xdc, 0xff} {
				var w [8]byte
				for k := range w {
					w[k] = fill
				}
				w[pos] = byte(c)
				check(w)
			}
		}
	}
	rnd := rand.New(rand.NewSource(4))
	for iter := 0; iter < 300000; iter++ {
		var w [8]byte
		for k := range w {
			w[k] = byte(rnd.Intn(256))
			if rnd.Intn(2) == 0 {
				w[k] = "\"\\\x00\x1f !#[]\x7f\x80\xa2\xdc\xff"[rnd.Intn(14)]
			}
		}
		check(w)
	}
}

// stopBlock covers the index asked for and marks exactly the stops and the
// positions past the end.
func TestStopBlock(t *testing.T) {
	rnd := rand.New(rand.NewSource(5))
	for iter := 0; iter < 3000; iter++ {
		b := make([]byte, rnd.Intn(200))
		for k := range b {
			b[k] = "ab\"\\\x01 \xff"[rnd.Intn(7)]
		}
		for i := 0; i < len(b); i++ {
			base, mask := stopBlock(b, i)
			if base < 0 || base > i || i-base >= 64 {
				t.Fatalf("len %d: stopBlock(%d) gives base %d", len(b), i, base)
			}
			for k := 0; k < 64; k++ {
				want := base+k >= len(b) || stopByte(b[base+k])
				if got := mask>>k&1 != 0; got != want {
					t.Fatalf("%q: stopBlock(%d) base %d: bit %d is %v", b, i, base, k, got)
				}
			}
		}
	}
}
