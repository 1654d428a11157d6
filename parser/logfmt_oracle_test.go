package parser

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/go-logfmt/logfmt"
)

// go-logfmt (github.com/go-logfmt/logfmt) is the oracle of the parser's
// hand-written logfmt scanners (nextPair for slog and go-kit, behind
// eachLogfmtRest; eachLogfmtField for logrus text), which stay because they
// allocate nothing. Wherever go-logfmt accepts a line, both must read the
// same keys and values, except in these cases, where they differ on
// purpose (README, "Testing"):
//
//  1. Separators: go-logfmt splits at any byte up to ' ' (TAB, other
//     control bytes); relevel only at spaces, as every writer does, and a
//     control byte is part of the value (writers quote such values).
//  2. Escapes: relevel decodes quoted values as Go string literals
//     (strconv.Quote is what slog, go-kit and logrus write: \x, \a, \v,
//     \U, octal); go-logfmt as JSON strings (\/, UTF-16 surrogate pairs,
//     invalid UTF-8 turned into U+FFFD). Values with those escapes, or with
//     invalid UTF-8 beside an escape, are compared by key only.
//  3. A token that is not key=value (a bare word, a quoted value glued to
//     the next token): go-logfmt reads a key without a value and goes on;
//     relevel stops splitting there and keeps the rest of the line whole
//     (ndjson's "_unparsed"), so that text outside the grammar is not
//     turned into keys. The pairs before it must agree.
//  4. logrus keys with spaces ("user name=a b"): logrus writes them bare,
//     so its scanner takes a key up to '='; go-logfmt reads "user" as a key
//     without a value.
//
// Where go-logfmt fails (quoted keys as slog writes them, '=' or '"' in a
// bare value) relevel is more lenient and there is nothing to compare.

type kv struct{ k, v string }

const logfmtCorpusDir = "../testdata/corpus"

// oracleLogfmt decodes line with go-logfmt; ok is false where it fails.
func oracleLogfmt(line []byte) (out []kv, ok bool) {
	d := logfmt.NewDecoder(bytes.NewReader(line))
	for d.ScanRecord() {
		for d.ScanKeyval() {
			out = append(out, kv{string(d.Key()), string(d.Value())})
		}
	}
	return out, d.Err() == nil
}

// scanFields collects what one of relevel's scanners reads; rest is true
// when it stopped splitting and kept the remainder whole.
func scanFields(each func(fn func(Field) bool)) (out []kv, raws []string, rest bool) {
	each(func(f Field) bool {
		k := f.AppendKey(nil)
		if len(k) == 0 {
			rest = true
			return false
		}
		out = append(out, kv{string(k), string(f.AppendValue(nil))})
		raws = append(raws, string(f.RawValue()))
		return true
	})
	return out, raws, rest
}

// escapesDiffer reports a quoted value whose decoding differs between Go's
// and JSON's string rules (case 2).
func escapesDiffer(raw string) bool {
	if !strings.HasPrefix(raw, `"`) || !strings.Contains(raw, `\`) {
		return false
	}
	if !utf8.ValidString(raw) {
		return true
	}
	for i := 0; i+1 < len(raw); i++ {
		if raw[i] != '\\' {
			continue
		}
		switch c := raw[i+1]; {
		case c == '/' || c == 'x' || c == 'a' || c == 'v' || c == 'U' || ('0' <= c && c <= '7'):
			return true
		case c == 'u' && i+2 < len(raw) && (raw[i+2] == 'd' || raw[i+2] == 'D'):
			return true // a surrogate half, or its neighbourhood
		}
		i++ // the escaped byte
	}
	return false
}

func spacedKey(pairs []kv) bool {
	for _, p := range pairs {
		if strings.Contains(p.k, " ") {
			return true
		}
	}
	return false
}

// compareLogfmt checks relevel's reading of line against go-logfmt's.
func compareLogfmt(t *testing.T, name string, line []byte, ours []kv, raws []string, rest bool) {
	t.Helper()
	theirs, ok := oracleLogfmt(line)
	if !ok {
		return
	}
	for _, c := range line {
		if c < ' ' {
			return // case 1
		}
	}
	if spacedKey(ours) {
		return // case 4
	}
	if rest {
		// Case 3: the pairs before the rest agree.
		if len(ours) > len(theirs) {
			t.Fatalf("%s %q: relevel %q, go-logfmt %q", name, line, ours, theirs)
		}
		theirs = theirs[:len(ours)]
	}
	if len(ours) != len(theirs) {
		t.Fatalf("%s %q: relevel %q, go-logfmt %q", name, line, ours, theirs)
	}
	for i := range ours {
		if ours[i].k != theirs[i].k || (ours[i].v != theirs[i].v && !escapesDiffer(raws[i])) {
			t.Fatalf("%s %q: pair %d: relevel %q, go-logfmt %q", name, line, i, ours[i], theirs[i])
		}
	}
}

// checkBothScanners compares both scanners on line.
func checkBothScanners(t *testing.T, line []byte) {
	t.Helper()
	ours, raws, rest := scanFields(func(fn func(Field) bool) { (&Record{}).eachLogfmtRest(line, 0, fn) })
	compareLogfmt(t, "nextPair", line, ours, raws, rest)
	ours, raws, rest = scanFields(func(fn func(Field) bool) { eachLogfmtField(line, fn) })
	compareLogfmt(t, "eachLogfmtField", line, ours, raws, rest)
}

// TestLogfmtOracleCorpus decodes every logfmt line the real loggers wrote
// (slog text, go-kit, logrus text) with both, and checks that the records
// Parse makes hold go-logfmt's pairs: the header's (time, level, message,
// caller) and the fields, in order.
func TestLogfmtOracleCorpus(t *testing.T) {
	lines := 0
	for _, dir := range []string{"slog", "gokit", "logrus"} {
		logs, _ := filepath.Glob(filepath.Join(logfmtCorpusDir, dir, "*.log"))
		for _, lf := range logs {
			data, err := os.ReadFile(lf)
			if err != nil {
				t.Fatal(err)
			}
			for _, line := range bytes.Split(bytes.TrimSuffix(data, []byte("\n")), []byte("\n")) {
				var r Record
				// Whole logfmt lines only: package log's "2006/01/02 …
				// INFO msg k=v" ends in pairs but does not start with any.
				if !ParseLine(line, &r) || !(r.fieldsKind == fieldsLogfmt || (r.fieldsKind == fieldsLogfmtRest && r.fields.start == 0)) {
					continue
				}
				lines++
				checkBothScanners(t, line)
				theirs, ok := oracleLogfmt(line)
				if !ok {
					continue
				}
				fields, _, _ := scanFields(r.EachField)
				if spacedKey(fields) {
					continue // case 4 (and logrus DisableQuote, README's inherent limit)
				}
				lvl := strings.Trim(string(r.RawLevel()), `"`)
				header := map[string]string{
					"time": string(r.RawTime()), "ts": string(r.RawTime()), "t": string(r.RawTime()),
					"level": lvl, "lvl": lvl, "severity": lvl, "loglevel": lvl, "LEVEL": lvl, "SeverityText": lvl,
					"msg": string(r.AppendMessage(nil)), "message": string(r.AppendMessage(nil)),
					"caller": string(r.Caller()), "source": string(r.Caller()),
				}
				j := 0
				for _, p := range theirs {
					if j < len(fields) && fields[j] == p {
						j++
						continue
					}
					if v, isHeader := header[p.k]; isHeader && v == p.v {
						continue
					}
					t.Errorf("%s: %q: go-logfmt's %q is neither the record's next field nor its header", lf, line, p)
					break
				}
				if j != len(fields) {
					t.Errorf("%s: %q: fields %q not all in go-logfmt's %q", lf, line, fields[j:], theirs)
				}
			}
		}
	}
	if lines < 50 {
		t.Fatalf("only %d logfmt lines in the corpus: the test checks too little", lines)
	}
	t.Logf("%d logfmt lines checked", lines)
}

// FuzzLogfmtOracle holds both scanners to go-logfmt on any line.
func FuzzLogfmtOracle(f *testing.F) {
	for _, dir := range []string{"slog", "gokit", "logrus"} {
		logs, _ := filepath.Glob(filepath.Join(logfmtCorpusDir, dir, "*.log"))
		for _, lf := range logs {
			data, _ := os.ReadFile(lf)
			for _, line := range bytes.Split(data, []byte("\n")) {
				f.Add(line)
			}
		}
	}
	f.Add([]byte(`a=1 b="x y" c= d="" e="\"q\"" f=é`))
	f.Add([]byte(`k="a"b  x=1 bare y=2`))
	f.Fuzz(func(t *testing.T, line []byte) {
		if bytes.ContainsAny(line, "\n\r") {
			return // one line: go-logfmt would read several records
		}
		checkBothScanners(t, line)
	})
}
