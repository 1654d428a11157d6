package parser

import (
	"bytes"
	"testing"
)

// finishContinuationBefore is finishContinuation before zap's records whose
// last line ends with no brace skipped the search for their fields (#14).
func finishContinuationBefore(r *Record) {
	// Padding (logrus pads the message to 44 columns) and a pty's CR end the
	// last line; they are layout, not message.
	for r.cont.end > r.cont.start && (r.text[r.cont.end-1] == ' ' || r.text[r.cont.end-1] == '\r') {
		r.cont.end--
	}
	// NestJS colours a message whole: its reset ends the last line.
	if r.Format == FormatNest {
		r.cont.end = int32(trimCSIEnd(r.text, int(r.cont.start), int(r.cont.end)))
	}
	// zap, logrus's TTY form and zerolog's console write a multi-line
	// message raw and then their fields, so the fields end the last line.
	// log15 and go-ethereum, Calico and Weave Net write their pairs after
	// the message too, padded (log15) or not.
	if r.fields.empty() && (r.Format == FormatZap || r.Format == FormatLogrus || r.Format == FormatZerolog ||
		r.Format == FormatLog15 || r.Format == FormatCalico || r.Format == FormatWeave) {
		last := int(r.cont.start)
		if k := bytes.LastIndexByte(r.text[last:r.cont.end], '\n'); k >= 0 {
			last += k + 1
		}
		line := r.text[last:r.cont.end]
		switch {
		case r.Format == FormatCalico:
			if k := calicoPairs(line, 0); k < len(line) {
				r.fields = span{int32(last + k), r.cont.end}
				r.fieldsKind = fieldsCalico
				r.cont.end = int32(trimRightSpace(r.text, int(r.cont.start), last+k))
			}
		case r.Format == FormatLog15 && r.text[0] != 0x1b, r.Format == FormatWeave:
			// Plain logfmt pairs to the end of the last line.
			if k := trailingPairs(line, 0); k < len(line) {
				r.fields = span{int32(last + k), r.cont.end}
				r.fieldsKind = fieldsLogfmtRest
				r.cont.end = int32(trimRightSpace(r.text, int(r.cont.start), last+k))
			}
		case r.Format == FormatZerolog:
			if k := indexSpaceCSI(line, 0); k >= 0 && hasPrefix(line[k+1:], "\x1b[36m") {
				r.fields = span{int32(last + k + 1), r.cont.end}
				r.fieldsKind = fieldsZerologColor
				r.cont.end = int32(last + k)
				if hasSuffix(r.text[r.cont.start:r.cont.end], "\x1b[0m") {
					r.cont.end -= 4 // the bold message's reset
				}
			} else if k := trailingPairs(line, 0); k < len(line) {
				r.fields = span{int32(last + k), r.cont.end}
				r.fieldsKind = fieldsLogfmtRest
				r.cont.end = int32(trimRightSpace(r.text, int(r.cont.start), last+k))
			}
		case r.Format == FormatZap:
			if k := bytes.LastIndexByte(line, '\t'); k >= 0 && k+1 < len(line) && line[k+1] == '{' && validJSON(line[k+1:]) {
				r.fields = span{int32(last + k + 1), r.cont.end}
				r.fieldsKind = fieldsJSON
				r.cont.end = int32(last + k)
			}
		default:
			k := indexSpaceCSI(line, 0)
			if k < 0 || skipCSI(line, k+1) == k+1 {
				break
			}
			r.fields = span{int32(last + k + 1), r.cont.end}
			r.fieldsKind = fieldsTTY
			r.cont.end = int32(trimRightSpace(r.text, int(r.cont.start), last+k))
		}
	}
	if r.fieldsKind == fieldsKlog && klogOpensBlock(r.get(r.fields)) {
		end := klogBlockEnd(r.text, int(r.cont.start))
		r.fields.end = int32(end)
		if end >= len(r.text) {
			r.cont = span{}
		} else {
			r.cont.start = int32(end + 1)
		}
	}
}

// checkFinishContinuationRef parses text's first line as its header and
// holds finishContinuation to the reference on the lines after it.
func checkFinishContinuationRef(t testing.TB, text []byte) {
	t.Helper()
	i := bytes.IndexByte(text, '\n')
	if i < 0 {
		return
	}
	header := text[:i]
	if n := len(header); n > 0 && header[n-1] == '\r' {
		header = header[:n-1]
	}
	var a Record
	a.reset(text)
	if !parseHeader(header, &a) || a.Format == FormatUnknown {
		return
	}
	a.cont = span{int32(i + 1), int32(len(text))}
	b := a
	finishContinuation(&a)
	finishContinuationBefore(&b)
	if a.Format != b.Format || a.Level != b.Level || a.layout != b.layout {
		t.Fatalf("finishContinuation(%q): %+v, before %+v", text, a.layout, b.layout)
	}
}

func finishContinuationRefInputs(tb testing.TB) [][]byte {
	var in [][]byte
	heads := []string{"2026-11-30T05:52:38.110Z\tinfo\tmain.go:12\tmsg", "2026-11-30T05:52:38.110Z\tERROR\tx.go:1\tfailed\t{\"k\": 1}",
		"2026-11-30T05:52:38.110Z info msg", "INFO[0000] msg", "\x1b[36mINFO\x1b[0m[0000] msg", "2026-11-30T05:52:38Z INF msg k=v"}
	lasts := []string{"", "}", "{}", "\t{}", "\t{\"k\": 1}", "\t{\"k\": 1} ", "\t{\"k\": 1}\r", "\t{\"k\": 1}\t", "more\t{\"k\": 1}", "\t/src/main.go:12 +0x1d",
		"main.main()", "x\t{", "{\"a\":1}", "k=v", " \x1b[36mk\x1b[0m=v", "text}"}
	for _, h := range heads {
		for _, l := range lasts {
			in = append(in, []byte(h+"\n"+l), []byte(h+"\nmiddle\n"+l), []byte(h+"\r\n"+l+"\n"))
		}
	}
	for _, l := range corpusLinesIn(tb, "zap") {
		in = append(in, append(append(append([]byte(nil), l...), '\n'), l...))
	}
	return in
}

func TestFinishContinuationRef(t *testing.T) {
	for _, text := range finishContinuationRefInputs(t) {
		checkFinishContinuationRef(t, text)
	}
}

func FuzzFinishContinuationRef(f *testing.F) {
	for _, text := range finishContinuationRefInputs(f) {
		f.Add(text)
	}
	f.Fuzz(func(t *testing.T, text []byte) { checkFinishContinuationRef(t, text) })
}
