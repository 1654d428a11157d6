package parser

import (
	"bytes"
	"encoding/binary"
	"testing"
)

// trailingPairsRef is trailingPairs as it was before nextPairCandidate let it
// jump over message words: the oracle the faster version must agree with.
func trailingPairsRef(h []byte, start int) int {
	run := -1
	i := start
	for i < len(h) {
		if run < 0 {
			run = i
		}
		// Most tokens before the pairs are words of the message: one that
		// reaches a space or the end before any '=' or '"' is no pair.
		j := i
		for j < len(h) && h[j] != ' ' && h[j] != '=' && h[j] != '"' {
			j++
		}
		if j > i && (j == len(h) || h[j] == ' ') {
			if j == len(h) {
				return len(h)
			}
			run = -1
			i = j + 1
			continue
		}
		next, ok := -1, false
		if j > i && h[j] == '=' { // the key is already scanned
			next = pairValueEnd(h, j+1)
			ok = next >= 0
		} else {
			_, next, ok = nextPair(h, i)
		}
		if ok {
			i = next
			for i < len(h) && h[i] == ' ' {
				i++
			}
			continue
		}
		run = -1
		k := bytes.IndexByte(h[i:], ' ')
		if k < 0 {
			return len(h)
		}
		i += k + 1
	}
	if run < 0 {
		return len(h)
	}
	return run
}

// trailingPairsInputs returns every corpus line and variants that stress
// the jump: pairs after runs of spaces, quotes and '=' inside words.
func trailingPairsInputs(tb testing.TB) [][]byte {
	in := corpusLines(tb)
	for _, s := range []string{
		"", " ", "a", "a b", "k=v", " k=v", "  k=v", "msg  k=v", "msg:  k=v", "a= b", "a =b", "\"q\"=v", "w \"x y\" k=v",
		"msg k=\"v w\" z", "x=1 y 2=3 k=v", "a b c   d=e  f=g ", "a\"b c=d", "==", "\"\"", "a=\"unterminated k=v",
	} {
		in = append(in, []byte(s))
	}
	return in
}

func TestTrailingPairsJump(t *testing.T) {
	for _, l := range trailingPairsInputs(t) {
		for start := 0; start <= len(l) && start < 64; start++ {
			if got, want := trailingPairs(l, start), trailingPairsRef(l, start); got != want {
				t.Fatalf("trailingPairs(%q, %d) = %d, want %d", l, start, got, want)
			}
		}
	}
}

func FuzzTrailingPairs(f *testing.F) {
	for _, l := range trailingPairsInputs(f) {
		if bytes.ContainsAny(l, "= \"") {
			f.Add(l, uint8(0))
		}
	}
	f.Fuzz(func(t *testing.T, l []byte, start uint8) {
		s := min(int(start), len(l))
		if got, want := trailingPairs(l, s), trailingPairsRef(l, s); got != want {
			t.Fatalf("trailingPairs(%q, %d) = %d, want %d", l, s, got, want)
		}
	})
}

// headerKeyWord must decide exactly as the byte scan and headerKeyOf do,
// whatever follows the key in the eight bytes it loads.
func TestHeaderKeyWord(t *testing.T) {
	keys := []string{"ts", "time", "level", "lvl", "msg", "message", "caller", "source",
		"t", "tss", "timex", "levels", "lv", "ms", "messages", "calle", "sources", "Level", "TS", "",
		"LEVEL", "LEVELS", "severity", "loglevel", "SeverityText", "te"}
	for _, k := range keys {
		for _, sep := range []string{"=", " ", "\"", "x", "=="} {
			for _, tail := range []string{"", "info k=v", "\"q\"", "        "} {
				l := []byte(k + sep + tail + "        ")
				// What the byte scan in parseLogfmt finds.
				e := bytes.IndexAny(l, "= \"")
				want, wantN := uint8(keyOther), 0
				if e > 0 && l[e] == '=' {
					if want = headerKeyOf(l[:e]); want != keyOther {
						wantN = e
					}
				}
				key, n := headerKeyWord(binary.LittleEndian.Uint64(l))
				if n > 0 && (key != want || n != wantN) || n == 0 && wantN > 0 && wantN < 8 {
					t.Errorf("headerKeyWord(%q) = %d, %d; the scan finds %d, %d", l[:8], key, n, want, wantN)
				}
			}
		}
	}
}

// parseLogfmtRef is parseLogfmt as its cheap rejection was first written:
// opensWithHeaderKey, then an eight-byte scan for a '=' in the first 65
// bytes. parseLogfmt must reject and accept exactly the lines it does.
func parseLogfmtRef(h []byte, r *Record) bool {
	if len(h) > 0 && h[0] != '"' && !opensWithHeaderKey(h) {
		if e := indexByteShort(h[:min(len(h), 65)], '='); e <= 0 {
			return false
		}
	}
	return parseLogfmtPairs(h, r)
}

func checkParseLogfmtRef(t testing.TB, l []byte) {
	t.Helper()
	var got, want Record
	got.reset(l)
	want.reset(l)
	okGot, okWant := parseLogfmt(l, &got), parseLogfmtRef(l, &want)
	if okGot != okWant || got.Format != want.Format || got.Level != want.Level || got.layout != want.layout {
		t.Fatalf("parseLogfmt(%q) = %v %+v, reference %v %+v", l, okGot, got.layout, okWant, want.layout)
	}
}

func TestParseLogfmtReject(t *testing.T) {
	for _, l := range trailingPairsInputs(t) {
		checkParseLogfmtRef(t, l)
		// The '=' at each distance from the start around the 65-byte
		// bound, after short and long openings.
		for _, n := range []int{0, 1, 7, 8, 9, 63, 64, 65, 66} {
			checkParseLogfmtRef(t, append(bytes.Repeat([]byte("a"), n), '='))
			checkParseLogfmtRef(t, append(append(bytes.Repeat([]byte("a"), n), '='), l...))
		}
	}
}

func FuzzParseLogfmtReject(f *testing.F) {
	for _, l := range trailingPairsInputs(f) {
		f.Add(l)
	}
	f.Fuzz(func(t *testing.T, l []byte) { checkParseLogfmtRef(t, l) })
}
