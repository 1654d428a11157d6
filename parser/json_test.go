package parser

import (
	"encoding/binary"
	"encoding/json"
	"math/bits"
	"math/rand"
	"testing"
)

// specialBytes' lowest hit must be the first quote, backslash or control
// byte, for every byte value at every position, whatever the other bytes
// (bytes >= 0x80 included, which the word trick could confuse).
func TestSpecialBytes(t *testing.T) {
	special := func(c byte) bool { return c < 0x20 || c == '"' || c == '\\' }
	rnd := rand.New(rand.NewSource(1))
	var w [8]byte
	for iter := 0; iter < 200000; iter++ {
		for i := range w {
			w[i] = byte(rnd.Intn(256))
			if rnd.Intn(3) > 0 {
				w[i] = "abc\xc3\xa9 \x7f\xff"[rnd.Intn(8)]
			}
		}
		want := -1
		for i, c := range w {
			if special(c) {
				want = i
				break
			}
		}
		m := specialBytes(binary.LittleEndian.Uint64(w[:]))
		got := -1
		if m != 0 {
			got = bits.TrailingZeros64(m) / 8
		}
		if got != want {
			t.Fatalf("%q: first special at %d, mask says %d", w, want, got)
		}
	}
}

// skipString agrees with encoding/json on where a string literal ends and
// whether it is valid.
func TestSkipString(t *testing.T) {
	rnd := rand.New(rand.NewSource(2))
	alphabet := []byte("ab\"\\/nu0\x01\x1f é\xff")
	for iter := 0; iter < 100000; iter++ {
		n := rnd.Intn(30)
		b := []byte{'"'}
		for i := 0; i < n; i++ {
			b = append(b, alphabet[rnd.Intn(len(alphabet))])
		}
		b = append(b, '"', ' ', 'x')
		end := skipString(b, 0)
		var s string
		if end > 0 {
			if err := json.Unmarshal(b[:end], &s); err != nil {
				t.Fatalf("%q: skipString accepted %q, encoding/json says %v", b, b[:end], err)
			}
		}
	}
}
