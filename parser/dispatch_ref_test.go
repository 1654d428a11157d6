package parser

import (
	"strings"
	"testing"
)

// The cases of parseHeader's dispatch that #14 rewrote are held here as
// they were, each as a function of the line, and compared with
// parseHeader on the lines that reach them: the same answer and the same
// record for every line.

// dispatchLowerBefore is parseHeader's case for the lower-case letters
// (and '"', '_', '@') before the first space was searched once for all
// its attempts.
func dispatchLowerBefore(h []byte, r *Record) bool {
	return 'a' <= h[0] && h[0] <= 'z' && parseBitnami(h, r) || h[0] == 'c' && parseDotnet(h, r) || parseLogfmt(h, r) || parseRubyUncaught(h, r) || parseWinston(h, r)
}

// dispatchTBefore and dispatchLBefore are the cases for 't' and 'l' before
// a '=' in bytes 2 to 5 (keyEqNear) skipped the attempts no logfmt key
// can open.
func dispatchTBefore(h []byte, r *Record) bool {
	return parseLogrus(h, r) || r.retry() || parseBitnami(h, r) || parseDotnet(h, r) || parseRustPanic(h, r) || parseLogfmt(h, r)
}

func dispatchLBefore(h []byte, r *Record) bool {
	return parseLogrus(h, r) || r.retry() || parseBitnami(h, r) || parseLogfmt(h, r)
}

// dispatchPFBefore is the case for 'p' and 'f' before Go's panic went
// first.
func dispatchPFBefore(h []byte, r *Record) bool {
	return parseBitnami(h, r) || parseDotnet(h, r) || parseGoPanic(h, r) || r.retry() || parseZapNoTime(h, r) || r.retry() || parseLogfmt(h, r) || r.retry() ||
		parseNodeUncaught(h, r)
}

// dispatchBefore returns the reference for the case h reaches, or nil for
// a case that has none.
func dispatchBefore(h []byte) func([]byte, *Record) bool {
	if len(h) == 0 {
		return nil
	}
	switch h[0] {
	case 'a', 'b', 'c', 'g', 'h', 'j', 'k', 'm', 'o', 'q', 'r', 's', 'u', 'v', 'x', 'y', 'z', '"', '_', '@':
		return dispatchLowerBefore
	case 't':
		return dispatchTBefore
	case 'l':
		return dispatchLBefore
	case 'p', 'f':
		return dispatchPFBefore
	}
	return nil
}

func checkDispatchRef(t testing.TB, line []byte) {
	t.Helper()
	if n := len(line); n > 0 && line[n-1] == '\r' {
		line = line[:n-1]
	}
	// The digits' case tests the byte after the leading digits before
	// redisHead counts them a byte at a time.
	if len(line) >= 8 {
		n := 0
		for n < 8 && isDigit(line[n]) {
			n++
		}
		if d := leadingDigits8(line); d != n {
			t.Fatalf("leadingDigits8(%q) = %d, want %d", line, d, n)
		}
	}
	// After an RFC 3339 time and a space, a capital, two more bytes and
	// a space (zerolog's "INF ") are no Spring Boot or tracing level:
	// parseHeader tries neither on such a line.
	if te, kind := scanZapTime(line); kind == timeRFC3339 && te+4 < len(line) && line[te] == ' ' && isUpper(line[te+1]) && line[te+4] == ' ' {
		var r Record
		if parseSpringBoot(line, te, &r) || parseTracing(line, 0, te, &r) {
			t.Fatalf("%q: Spring Boot's or tracing's attempt took a level of three bytes", line)
		}
	}
	ref := dispatchBefore(line)
	if ref == nil {
		return
	}
	a, b := Record{text: line}, Record{text: line}
	if parseHeader(line, &a) != ref(line, &b) || a.Format != b.Format || a.Level != b.Level || a.layout != b.layout {
		t.Fatalf("parseHeader(%q): %+v, before %+v", line, a, b)
	}
}

// dispatchRefInputs are the dispatch's lines and the lines a Go panic's
// dump, Bitnami, Ruby, winston, .NET and logfmt write in the cases
// rewritten, with their bytes around the first space bent.
func dispatchRefInputs(tb testing.TB) [][]byte {
	in := dispatchLines(tb)
	for _, s := range []string{
		"main.main()", "github.com/x/y.F(0xc000010000, {0x5eb6a0?, 0x1})", "goroutine 1 [running]:", "created by main.main in goroutine 1",
		"redis 10:57:41.02 WARN  ==> x", "abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuv 10:57:40.63 INFO  ==> 48",
		"abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvw 10:57:40.63 INFO  ==> 49", "redis \x1b[38;5;5m10:57:41.02 \x1b[0m\x1b[33mWARN \x1b[0m ==> x",
		"app.rb:3:in `m': msg (Error)", "app.rb:3:in 'm': msg (Error)", "a:in `m': x", "crit: Category[0] msg", "crit: msg", "http: GET /",
		"verbose: v", "silly: s", "alert: a", "caller=main.go:12 level=info msg=hi", "msg=hi level=warn", "message=hi level=error",
		"source=x.go:1 level=INFO msg=m", `"k y"=v level=info`, "k=v", "abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklm=1 level=info",
		"abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijkl=1 level=info", "a b=c level=info", "a\"=b level=info",
		"1:M 30 Nov 2026 04:41:36.123 * msg", "12345678:M 30 Nov 2026 04:41:36.123 * msg", "123456789:M x", "1234567:", "12345678",
		"\x2f\x3a\x40\xff\x30\x39\xfa\x00", "0123456\xff", "0\xf9\xfa\xfb\xfc\xfd\xfe\xff", "_x=1 level=debug",
		"ts=2026-11-30T05:52:38Z level=info msg=x", "time=2026-11-30T05:52:38Z level=INFO msg=x", "lvl=info msg=x", "level=info msg=x",
		"t=1 level=info", "ts 10:57:40.63 INFO  ==> x", "t=  10:57:40.63 INFO  ==> x", "tx= 10:57:40.63 INFO  ==> x", "t 10:57:40.63 INFO  ==> a=b",
		"l 10:57:40.63 INFO  ==> x", "ls 10:57:40.63 INFO  ==> x", "lv \x1b[38;5;5m10:57:41.02 \x1b[0m\x1b[33mWARN \x1b[0m ==> x",
		"trce: Category[0] x", "2026-11-30T05:52:38Z INF msg k=v", "2026-11-30T05:52:38Z ERR x", "2026-11-30T05:52:38Z INFO 1 --- [main] a.B : m",
		"2026-11-30T05:52:38Z ERROR 1 --- [main] a.B : m", "2026-11-30T05:52:38Z  INFO 1 --- [main] a.B : m", "2026-11-30T05:52:38Z ERROR app: msg",
		"2026-11-30T05:52:38Z  INFO app: msg", "2026-11-30T05:52:38Z INF", "2026-11-30T05:52:38Z I  ", "2026-11-30T05:52:38Z WARN app: msg", "panic: x", "panic: ", "fatal error: concurrent map writes", "fatal 10:57:40.63 INFO  ==> x",
		"panic 10:57:40.63 INFO  ==> x", "fail: Category[1] x", "file:///app/x.mjs:3", "panic\tx", "fatal error:", "trce: =[0] x", "trce: a=b[0] x", "thread 'main' panicked at src/main.rs:2:5:", "time=\"2026-11-30T05:52:38Z\" level=info msg=x", "@t=1 level=info", "m", "c", "crit:", "crit: ", "x:in ", "x :in `",
	} {
		in = append(in, []byte(s))
	}
	return in
}

func TestDispatchRef(t *testing.T) {
	for _, l := range dispatchRefInputs(t) {
		checkDispatchRef(t, l)
		// The first space moved and bent.
		if sp := strings.IndexByte(string(l), ' '); sp >= 0 {
			for _, c := range []byte{'=', ':', '"', 'n', 'x', 0x1b, '\t'} {
				b := append([]byte(nil), l...)
				b[sp] = c
				checkDispatchRef(t, b)
			}
		}
	}
}

func FuzzDispatchRef(f *testing.F) {
	for _, l := range dispatchRefInputs(f) {
		if dispatchBefore(l) != nil {
			f.Add(l)
		}
	}
	f.Fuzz(func(t *testing.T, line []byte) { checkDispatchRef(t, line) })
}
