package parser

import (
	"math/rand/v2"
	"testing"
)

// logrusLevel and zapLevel compare packed words (foldLetters) where they
// called eqFold word after word; they are held to their code before,
// kept here.

func logrusLevelBefore(b []byte) (Level, bool) {
	switch len(b) {
	case 4:
		switch {
		case eqFold(b, "info"):
			return LevelInfo, true
		case eqFold(b, "warn"):
			return LevelWarning, true
		case eqFold(b, "trac"), eqFold(b, "debu"):
			return LevelDebug, true
		case eqFold(b, "erro"):
			return LevelError, true
		case eqFold(b, "fata"), eqFold(b, "pani"):
			return LevelCritical, true
		}
	case 5:
		switch {
		case eqFold(b, "trace"), eqFold(b, "debug"):
			return LevelDebug, true
		case eqFold(b, "error"):
			return LevelError, true
		case eqFold(b, "fatal"), eqFold(b, "panic"):
			return LevelCritical, true
		}
	case 7:
		if eqFold(b, "warning") {
			return LevelWarning, true
		}
	}
	return LevelUnknown, false
}

func zapLevelBefore(b []byte) (Level, bool) {
	switch len(b) {
	case 4:
		if eqFold(b, "info") {
			return LevelInfo, true
		}
		if eqFold(b, "warn") {
			return LevelWarning, true
		}
	case 5:
		if eqFold(b, "debug") {
			return LevelDebug, true
		}
		if eqFold(b, "error") {
			return LevelError, true
		}
		if eqFold(b, "panic") || eqFold(b, "fatal") {
			return LevelCritical, true
		}
	case 6:
		if eqFold(b, "dpanic") {
			return LevelCritical, true
		}
	}
	// Level(N) / LEVEL(N)
	if len(b) > 7 && eqFold(b[:6], "level(") && b[len(b)-1] == ')' {
		n, ok := atoiSigned(b[6 : len(b)-1])
		if !ok {
			return LevelUnknown, false
		}
		switch {
		case n < 0:
			return LevelDebug, true
		case n == 0:
			return LevelInfo, true
		case n == 1:
			return LevelWarning, true
		case n == 2:
			return LevelError, true
		default:
			return LevelCritical, true
		}
	}
	return LevelUnknown, false
}

func checkLevelWords(t testing.TB, b []byte) {
	t.Helper()
	if l, ok := logrusLevel(b); true {
		if wl, wok := logrusLevelBefore(b); l != wl || ok != wok {
			t.Fatalf("logrusLevel(%q) = %v %v, before %v %v", b, l, ok, wl, wok)
		}
	}
	if l, ok := zapLevel(b); true {
		if wl, wok := zapLevelBefore(b); l != wl || ok != wok {
			t.Fatalf("zapLevel(%q) = %v %v, before %v %v", b, l, ok, wl, wok)
		}
	}
}

func TestLevelWordsMatchBefore(t *testing.T) {
	// Every four-byte word over the words' letters in both cases and the
	// bytes OR 0x20 could confuse with them; five-byte ones at random.
	alpha := []byte("iInNfFoOwWaArRtTcCdDeEbBuUpPgGlL\x00\x09\x0e\x01\x03\x04@`")
	b := make([]byte, 4)
	for _, c0 := range alpha {
		for _, c1 := range alpha {
			for _, c2 := range alpha {
				for _, c3 := range alpha {
					b[0], b[1], b[2], b[3] = c0, c1, c2, c3
					checkLevelWords(t, b)
				}
			}
		}
	}
	rnd := rand.New(rand.NewPCG(9, 10))
	words := []string{"info", "warn", "trac", "debu", "erro", "fata", "pani", "trace", "debug", "error", "fatal", "panic",
		"warning", "dpanic", "Level(-2)", "LEVEL(3)"}
	for range 1 << 20 {
		w := []byte(words[rnd.IntN(len(words))])
		for k := rnd.IntN(3); k > 0; k-- {
			i := rnd.IntN(len(w))
			switch rnd.IntN(3) {
			case 0:
				w[i] ^= 0x20
			case 1:
				w[i] = alpha[rnd.IntN(len(alpha))]
			default:
				w[i] = byte(rnd.IntN(256))
			}
		}
		checkLevelWords(t, w)
	}
}

func FuzzLevelWords(f *testing.F) {
	f.Add([]byte("INFO"))
	f.Add([]byte("Fatal"))
	f.Fuzz(func(t *testing.T, b []byte) { checkLevelWords(t, b) })
}
