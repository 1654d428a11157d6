package ndjson

import (
	"bufio"
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/relevel/relevel/parser"
)

// appendStringByte is AppendString as it was before the eight-byte fast
// path, one byte at a time: the reference the fast path must equal.
func appendStringByte(dst, s []byte) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch c {
			case '"', '\\':
				dst = append(dst, '\\', c)
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRune(s[i:])
		if r == utf8.RuneError && size == 1 {
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', '\\', 'x', hexDigits[c>>4], hexDigits[c&0xf])
			i++
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[r&0xf])
			i += size
			start = i
			continue
		}
		i += size
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

// Every byte value at every position of strings up to five words long,
// multi-byte runes across word boundaries, and random bytes: the fast path
// writes exactly what the byte loop writes.
func TestAppendStringFastPath(t *testing.T) {
	check := func(s []byte) {
		t.Helper()
		if got, want := AppendString(nil, s), appendStringByte(nil, s); !bytes.Equal(got, want) {
			t.Fatalf("AppendString(%q) = %s, want %s", s, got, want)
		}
	}
	for n := 0; n <= 40; n++ {
		for pos := 0; pos < n; pos++ {
			for c := range 256 {
				s := bytes.Repeat([]byte("a"), n)
				s[pos] = byte(c)
				check(s)
			}
		}
	}
	for _, r := range []string{"é", "€", "😀", "\u2028", "\u2029", "\xc3", "\xe2\x82", "\xf0\x9f\x98"} {
		for pos := 0; pos < 20; pos++ {
			s := append(append(bytes.Repeat([]byte("x"), pos), r...), "yyyyyyyyyyyy"...)
			check(s)
		}
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 5000 {
		s := make([]byte, rng.IntN(64))
		for i := range s {
			if rng.IntN(4) == 0 {
				s[i] = byte(rng.UintN(256))
			} else {
				s[i] = byte(0x20 + rng.UintN(0x5f))
			}
		}
		check(s)
	}
}

func FuzzAppendString(f *testing.F) {
	f.Add([]byte("plain ascii text, longer than a word"))
	f.Add([]byte("tab\there \"quoted\" back\\slash \xff\xfe é \u2028"))
	f.Fuzz(func(t *testing.T, s []byte) {
		got := AppendString(nil, s)
		if want := appendStringByte(nil, s); !bytes.Equal(got, want) {
			t.Fatalf("AppendString(%q) = %s, want %s", s, got, want)
		}
		if prev := appendStringPrev(nil, s); !bytes.Equal(got, prev) {
			t.Fatalf("AppendString(%q) = %s, appendStringPrev %s", s, got, prev)
		}
		checkAppendStringInPlace(t, s)
	})
}

// checkAppendStringInPlace appends s after a prefix, into buffers with
// room and without: AppendString copies plain text a word at a time
// into the room it makes, and must write the byte loop's text after the
// prefix and nothing past it.
func checkAppendStringInPlace(t testing.TB, s []byte) {
	t.Helper()
	want := appendStringByte([]byte("prefix:"), s)
	for _, room := range []int{0, 1, 7, len(want), len(want) + 16} {
		buf := make([]byte, 7, 7+room)
		copy(buf, "prefix:")
		full := buf[:cap(buf)]
		for i := 7; i < len(full); i++ {
			full[i] = '#'
		}
		got := AppendString(buf, s)
		if !bytes.Equal(got, want) {
			t.Fatalf("AppendString(%q) after a prefix, room %d = %s, want %s", s, room, got, want)
		}
		if cap(got) == cap(full) && &got[0] == &full[0] {
			for i := len(got); i < len(full); i++ {
				if full[i] != '#' {
					t.Fatalf("AppendString(%q), room %d, wrote past its text at %d", s, room, i)
				}
			}
		}
	}
}

// Plain runs of every length around the word size, with one or two bytes
// that need care anywhere in them, appended in place.
func TestAppendStringInPlace(t *testing.T) {
	for n := 0; n <= 42; n++ {
		for p := -1; p < n; p++ {
			for q := p; q < n; q++ {
				for _, c := range []byte{'"', '\\', '\n', 0x01, 0xc3, 0xff} {
					s := bytes.Repeat([]byte("abcdefgh"), 6)[:n]
					s = append([]byte(nil), s...)
					if p >= 0 {
						s[p] = c
					}
					if q > p {
						s[q] = '"'
					}
					checkAppendStringInPlace(t, s)
				}
			}
		}
	}
	for _, r := range []string{"é", "€", "😀", "\u2028", "\xc3", "\xe2\x82"} {
		for pos := 0; pos < 20; pos++ {
			checkAppendStringInPlace(t, append(append(bytes.Repeat([]byte("x"), pos), r...), "yyyyyyyyyy"...))
		}
	}
}

// Without a Reference the encoder reads the clock only for records whose
// timestamps leave out the year (klog, log15's terminal form): every corpus
// record renders as with a Reference of now.
func TestReferenceOnlyWithoutYear(t *testing.T) {
	files, _ := filepath.Glob("../testdata/corpus/*/*.log")
	if len(files) == 0 {
		t.Skip("no corpus")
	}
	withTime := 0
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			var r parser.Record
			parser.ParseLine(sc.Bytes(), &r)
			if r.RawTime() != nil {
				withTime++
			}
			var zero Encoder
			now := Encoder{Options: Options{Reference: time.Now()}}
			if got, want := zero.Append(nil, &r), now.Append(nil, &r); !bytes.Equal(got, want) {
				t.Errorf("%s: %s\nwith Reference now: %s", name, got, want)
			}
		}
		f.Close()
	}
	if withTime < 100 {
		t.Errorf("only %d corpus lines with a time", withTime)
	}
}

// AppendTime writes what time.RFC3339Nano writes, for times sharing a
// second or not, every fraction length, and years outside 0000–9999.
func TestAppendTime(t *testing.T) {
	var e Encoder
	rng := rand.New(rand.NewPCG(9, 9))
	base := time.Date(2026, 11, 30, 4, 40, 14, 0, time.FixedZone("", 5*3600+1800))
	times := []time.Time{
		time.Date(0, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(-1, 12, 31, 23, 59, 59, 999999999, time.UTC),
		time.Date(9999, 12, 31, 23, 59, 59, 1, time.UTC), time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Unix(0, 0), time.Unix(-1, 5), {},
	}
	for range 2000 {
		d := time.Duration(rng.Int64N(int64(3 * time.Second)))
		if rng.IntN(3) == 0 {
			d = d.Truncate(time.Millisecond)
		}
		times = append(times, base.Add(d))
	}
	for _, tm := range times {
		if got, want := e.AppendTime(nil, tm), tm.UTC().AppendFormat(nil, time.RFC3339Nano); !bytes.Equal(got, want) {
			t.Fatalf("%v: %s, want %s", tm, got, want)
		}
	}
}
