package parser

import (
	"bytes"
	"testing"
)

// messageTextRef is MessageText as it was before it answered a text
// message without asWritten's call: the reference FuzzMessageText holds it
// to.
func (r *Record) messageTextRef() (_ []byte, ok bool) {
	if !r.cont.empty() {
		if e := r.msg.end; r.msgKind == kindText && r.cont.start == e+1 && r.text[e] == '\n' {
			return r.text[r.msg.start:r.cont.end], true
		}
		return nil, false
	}
	return asWritten(r.get(r.msg), r.msgKind)
}

func checkMessageText(t *testing.T, text []byte) {
	t.Helper()
	var r Record
	Parse(text, &r)
	got, ok := r.MessageText()
	want, wantOK := r.messageTextRef()
	if ok != wantOK || !bytes.Equal(got, want) || (got == nil) != (want == nil) {
		t.Fatalf("%q: MessageText %q %v, reference %q %v", text, got, ok, want, wantOK)
	}
	// PlainMessage answers for some of MessageText's messages: the same
	// text, or none.
	if p, ok := r.PlainMessage(); ok && (!wantOK || !bytes.Equal(p, want)) {
		t.Fatalf("%q: PlainMessage %q, MessageText %q %v", text, p, want, wantOK)
	}
	// MessageLines: AppendMessage's text in two parts.
	if m, c, ok := r.MessageLines(); ok {
		joined := append(append(append([]byte(nil), m...), '\n'), c...)
		if whole := r.AppendMessage(nil); !bytes.Equal(joined, whole) {
			t.Fatalf("%q: MessageLines %q and %q, AppendMessage %q", text, m, c, whole)
		}
	}
}

func TestMessageTextRef(t *testing.T) {
	eachSampleLine(t, checkMessageText)
}

func FuzzMessageText(f *testing.F) {
	fuzzSampleLines(f, checkMessageText)
}
