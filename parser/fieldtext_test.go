package parser

import "testing"

// Text and KeyText give what AppendValue and AppendKey give (and
// MessageText what AppendMessage gives), for every
// field of every corpus record and of records built around the field
// syntaxes that need decoding (Go and JSON escapes, klog blocks); and they
// answer for the plain keys and values that most lines write.
func TestFieldText(t *testing.T) {
	lines := corpusLines(t)
	if len(lines) == 0 {
		t.Fatal("no corpus")
	}
	lines = append(lines,
		[]byte(`I1130 04:39:44.903457       1 sync.go:12] "m" k="a\"b" plain=v j={"x":1} s="" q="\u00e9" blk=<`+"\n\tline1\n\tline2\n >"),
		[]byte(`{"level":"info","msg":"m","a\"b":"c\\nd","plain":"v","n":12,"o":{"k":[1,2]},"e":"","bad":"\xff"}`),
		[]byte("2026-09-11T07:19:45Z\tINFO\tname\tmsg\t{\"k\": \"v\", \"q\": \"a\\\"b\"}"),
		[]byte(`time="2026-11-30T04:41:36Z" level=info msg=m "odd key"=1 k=2`),
	)
	fields, inPlace := 0, 0
	messages, msgInPlace := 0, 0
	for _, l := range lines {
		var r Record
		Parse(l, &r)
		messages++
		if m, ok := r.MessageText(); ok {
			msgInPlace++
			if want := r.AppendMessage(nil); string(m) != string(want) {
				t.Fatalf("%q: MessageText %q, AppendMessage %q", l, m, want)
			}
		}
		r.EachField(func(f Field) bool {
			fields++
			checkFieldText(t, f)
			_, kok := f.KeyText()
			_, vok := f.Text()
			if kok && vok {
				inPlace++
			}
			return true
		})
	}
	t.Logf("%d fields, %d read in place", fields, inPlace)
	if messages == 0 || msgInPlace*2 < messages {
		t.Errorf("%d of %d messages read in place: most need no decoding", msgInPlace, messages)
	}
	if fields == 0 || inPlace*2 < fields {
		t.Errorf("%d of %d fields read in place: most keys and values need no decoding", inPlace, fields)
	}
}
