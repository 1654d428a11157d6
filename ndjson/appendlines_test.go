package ndjson

import (
	"bytes"
	"strings"
	"testing"

	"github.com/relevel/relevel/parser/join"
)

// checkAppendLines fails unless appendLines(msg, cont) appends what
// AppendString appends for msg, '\n' and cont joined, after a prefix, into
// buffers with room and without, and writes nothing past it.
func checkAppendLines(t testing.TB, msg, cont []byte) {
	t.Helper()
	joined := append(append(append([]byte(nil), msg...), '\n'), cont...)
	want := appendStringByte([]byte("prefix:"), joined)
	for _, room := range []int{0, 1, 7, len(want) - 7, len(want), len(want) + 16} {
		buf := make([]byte, 7, 7+room)
		copy(buf, "prefix:")
		full := buf[:cap(buf)]
		for i := 7; i < len(full); i++ {
			full[i] = '#'
		}
		got := appendLines(buf, msg, cont)
		if !bytes.Equal(got, want) {
			t.Fatalf("appendLines(%q, %q), room %d = %s, want %s", msg, cont, room, got, want)
		}
		if cap(got) == cap(full) && &got[0] == &full[0] {
			for i := len(got); i < len(full); i++ {
				if full[i] != '#' {
					t.Fatalf("appendLines(%q, %q), room %d, wrote past its text at %d", msg, cont, room, i)
				}
			}
		}
	}
}

// The two parts around the '\n' end and start with what needs care: the
// parts of a multi-byte rune, invalid bytes, escapes, U+2028.
func TestAppendLines(t *testing.T) {
	parts := []string{"", "m", "plain message", "a\tb", "\"", "\\", "\xc3", "\xa9", "\xc3\xa9", "\xe2\x80", "\xe2\x80\xa8",
		"\xa8", "\xff", "\x01", "é", "\u2028", "goroutine 1 [running]:\nmain.main()\n\t/x/main.go:12 +0x1d",
		"0123456789abcdef0123456789abcdef0123456789abcdef0"}
	for _, m := range parts {
		for _, c := range parts {
			checkAppendLines(t, []byte(m), []byte(c))
			checkAppendLines(t, []byte(m+"x"+c), []byte(c+"y"+m))
		}
	}
}

func FuzzAppendLines(f *testing.F) {
	f.Add([]byte("panic: boom"), []byte("goroutine 1 [running]:\nmain.main()\n\t/x/main.go:12 +0x1d"))
	f.Add([]byte("m\xe2\x80"), []byte("\xa8 \u2028\xff"))
	f.Fuzz(func(t *testing.T, msg, cont []byte) { checkAppendLines(t, msg, cont) })
}

// A record whose continuation lines do not follow its message (zap's
// console form: the fields between) is rendered from MessageLines'
// parts, as the general path renders AppendMessage's joined text.
func TestMessageLinesRecords(t *testing.T) {
	text := "2026-09-11T07:19:45.123Z\tERROR\tapp/main.go:12\tfailed \xe2\x80\t{\"k\": \"v\"}\n\xa8main.main()\n\t/x/main.go:12 +0x1d\n" +
		"2026-09-11T07:19:46.123Z\tERROR\tfailed \"q\"\t{\"k\": 1}\ngoroutine 1 [running]:\n\tx.go:1 \u2028\n" +
		"2026-09-11T07:19:47.123Z\tERROR\tplain\t{\"k\": 1}\nmain.main()\n\t/x/main.go:12 +0x1d\n"
	var fast Encoder
	general := Encoder{general: true}
	taken := 0
	s := join.New(strings.NewReader(text))
	for s.Next() {
		rec := s.Record()
		if _, _, ok := rec.MessageLines(); ok {
			taken++
		}
		if got, want := fast.Append(nil, rec), general.Append(nil, rec); !bytes.Equal(got, want) {
			t.Fatalf("copied\n%s general\n%s", got, want)
		}
	}
	if taken != 3 {
		t.Fatalf("%d records rendered from MessageLines, want 3", taken)
	}
}
