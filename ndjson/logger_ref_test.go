package ndjson

import (
	"bytes"
	"testing"

	"github.com/relevel/relevel/parser"
)

// appendLoggerRef is appendLogger as it was before it wrote each member as
// it read it: every accessor read first, then the object written when any
// answered. The reference FuzzAppendLogger holds appendLogger to.
func appendLoggerRef(dst []byte, rec *parser.Record, member bool) []byte {
	name, caller := rec.Logger(), rec.Caller()
	tid, hasTID := rec.ThreadID()
	var tname []byte
	if !hasTID {
		tname = rec.ThreadName()
	}
	if name != nil || caller != nil || hasTID || tname != nil {
		if member {
			dst = append(dst, `,"logger":{`...)
		} else {
			dst = append(dst, '{')
		}
		sep := false
		if name != nil {
			dst = append(dst, `"name":`...)
			dst = AppendString(dst, name)
			sep = true
		}
		if caller != nil {
			if sep {
				dst = append(dst, ',')
			}
			dst = append(dst, `"caller":`...)
			dst = AppendString(dst, caller)
			sep = true
		}
		if hasTID {
			if sep {
				dst = append(dst, ',')
			}
			dst = append(dst, `"thread_id":`...)
			dst = appendInt(dst, tid)
		} else if tname != nil {
			if sep {
				dst = append(dst, ',')
			}
			dst = append(dst, `"thread_name":`...)
			dst = AppendString(dst, tname)
		}
		dst = append(dst, '}')
	}
	return dst
}

// checkAppendLogger holds appendLogger, as a member and alone, after a
// prefix, to appendLoggerRef for the record of text.
func checkAppendLogger(t *testing.T, text []byte) {
	t.Helper()
	var r parser.Record
	parser.Parse(text, &r)
	var e Encoder
	for _, member := range []bool{true, false} {
		got := []byte("prefix")
		if r.HasSource() { // as appendLogger's callers test
			got = e.appendLogger(got, &r, member)
		}
		want := appendLoggerRef([]byte("prefix"), &r, member)
		if !bytes.Equal(got, want) {
			t.Fatalf("%q member %v: appendLogger %s, reference %s", text, member, got, want)
		}
	}
}

// Corpus-like lines: a logger's name, a caller, a thread's id or name,
// each alone and together, and none.
var loggerLines = []string{
	"I1130 04:39:44.903457   13524 main.go:124] m",
	"I1130 04:39:44.903457      -1 main.go:124] m",
	"2026-11-30T05:52:38.110Z\tINFO\tname\tpkg/file.go:42\tm",
	"2026-11-30T05:52:38.110Z\tINFO\tname\tm",
	"2026-11-30T05:52:38.110Z\tINFO\tpkg/file.go:42\tm",
	"2026-11-30 05:52:38.110 INFO 1234 --- [           main] c.e.App : m",
	"2026-11-30 05:52:38.110  INFO 1 --- [nio-8080-exec-1] o.a.c.c.C.[Tomcat].[localhost].[/] : m",
	"11:52:38.110 [main] INFO  com.example.App - m",
	"2026-11-30 05:52:38.110 [<0.200.3>] info m",
	"time=2026-11-30T04:41:36Z level=INFO msg=m",
	"plain line",
	"",
}

func TestAppendLoggerRef(t *testing.T) {
	for _, l := range loggerLines {
		checkAppendLogger(t, []byte(l))
	}
}

func FuzzAppendLogger(f *testing.F) {
	for _, l := range loggerLines {
		f.Add([]byte(l))
	}
	f.Fuzz(func(t *testing.T, text []byte) {
		checkAppendLogger(t, text)
	})
}
