package parser

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// corpusLines returns the lines of the generated corpus (testdata/corpus at
// the repository root), for fuzz seeds and benchmarks.
func corpusLines(tb testing.TB) [][]byte { return corpusLinesIn(tb, "*") }

// corpusLinesIn is corpusLines for some logger directories only.
func corpusLinesIn(tb testing.TB, dirs ...string) [][]byte {
	var files []string
	for _, d := range dirs {
		m, _ := filepath.Glob("../testdata/corpus/" + d + "/*.log")
		files = append(files, m...)
	}
	var lines [][]byte
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		sc := bufio.NewScanner(bytes.NewReader(b))
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			lines = append(lines, append([]byte(nil), sc.Bytes()...))
		}
	}
	return lines
}

// FuzzParse checks Parse's invariants on arbitrary input: no panic, every
// span inside the text, a valid format and level, the whole text as message
// when nothing is recognised, and decoders that stay in bounds.
func FuzzParse(f *testing.F) {
	for _, c := range append(append([]parseCase{}, seedCases...), edgeCases...) {
		f.Add([]byte(c.line))
	}
	for _, l := range negativeCases {
		f.Add([]byte(l))
	}
	for i, l := range corpusLines(f) {
		if i%7 == 0 { // a sample keeps the seed set small
			f.Add(l)
		}
	}
	f.Fuzz(func(t *testing.T, text []byte) {
		var r Record
		ok := Parse(text, &r)
		if ok != (r.Format != FormatUnknown) {
			t.Fatalf("Parse returned %v for format %v", ok, r.Format)
		}
		if r.Format >= numFormats || r.Level > LevelEmergency {
			t.Fatalf("format %d level %d", r.Format, r.Level)
		}
		if ok && r.Level == LevelUnknown {
			t.Fatalf("recognised %v without a level", r.Format)
		}
		for _, s := range []span{r.time, r.msg, r.logger, r.caller, r.thread, r.fields, r.cont} {
			if s.start < 0 || s.end > int32(len(text)) || (s.start > s.end && s.end != 0) {
				t.Fatalf("span %v outside text of %d bytes", s, len(text))
			}
		}
		msg := r.AppendMessage(nil)
		if m, ok := r.MessageText(); ok && !bytes.Equal(m, msg) {
			t.Fatalf("MessageText %q, AppendMessage %q", m, msg)
		}
		if !ok && !bytes.Equal(msg, text) {
			t.Fatalf("unrecognised text must be its own message")
		}
		r.EachField(func(f Field) bool {
			checkFieldText(t, f)
			if raw, ok := f.JSON(); ok && !json.Valid(raw) {
				t.Fatalf("field JSON %q is not valid", raw)
			}
			return true
		})
		checkPlainFields(t, &r)
		checkZapRef(t, text)
		checkParseAfterHeader(t, text)
		r.Timestamp(time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC))
		r.ThreadID()
	})
}

// checkPlainFields fails unless the copy AppendPlainFields makes is what it
// stands for: a JSON object holding EachField's members in order, each
// name once, with the names as AppendKey decodes them and the values as
// JSON writes them (a typed value as the line writes it, objects and arrays
// compacted, any other as a string of AppendValue's text); and dst is left
// alone when it declines.
func checkPlainFields(t testing.TB, r *Record) {
	t.Helper()
	checkMemberRuns(t, r)
	checkPlainMembersRef(t, r)
	checkPlainFieldsEach(t, r)
}

// checkPlainFieldsEach holds AppendPlainFields to EachField.
func checkPlainFieldsEach(t testing.TB, r *Record) {
	t.Helper()
	dst := []byte("prefix")
	out, ok := r.AppendPlainFields(dst)
	checkPlainCopyRef(t, r, out, ok)
	if !bytes.HasPrefix(out, dst) {
		t.Fatalf("AppendPlainFields wrote over dst: %q", out)
	}
	got := out[len(dst):]
	if !ok {
		if len(got) != 0 {
			t.Fatalf("AppendPlainFields declined but wrote %q", got)
		}
		return
	}
	var want [][2]string
	r.EachField(func(f Field) bool {
		v, isJSON := f.JSON()
		if !isJSON {
			v = canonString(string(f.AppendValue(nil)))
		} else if len(v) > 0 && v[0] == '"' {
			var s string
			if err := json.Unmarshal(v, &s); err != nil {
				t.Fatal(err)
			}
			v = canonString(s)
		} else if len(v) > 0 && (v[0] == '{' || v[0] == '[') {
			// Copied compactly, as the encoder writes it.
			var c bytes.Buffer
			if err := json.Compact(&c, v); err != nil {
				t.Fatal(err)
			}
			v = c.Bytes()
		}
		want = append(want, [2]string{string(f.AppendKey(nil)), string(v)})
		return true
	})
	if len(want) == 0 {
		if len(got) != 0 {
			t.Fatalf("AppendPlainFields wrote %q for no fields", got)
		}
		return
	}
	dec := json.NewDecoder(bytes.NewReader(got))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		t.Fatalf("AppendPlainFields wrote %q: not an object", got)
	}
	seen := map[string]bool{}
	for i := 0; dec.More(); i++ {
		tok, err := dec.Token()
		key, _ := tok.(string)
		var v json.RawMessage
		if err == nil {
			err = dec.Decode(&v)
		}
		if err == nil && len(v) > 0 && v[0] == '"' {
			// Strings compared as text: the copy keeps the line's
			// escapes, which need not be the encoder's.
			var s string
			if err = json.Unmarshal(v, &s); err == nil {
				v = canonString(s)
			}
		}
		if err != nil || i >= len(want) || key != want[i][0] || string(v) != want[i][1] || seen[key] {
			t.Fatalf("AppendPlainFields wrote %q; EachField has %q (member %d, %v)", got, want, i, err)
		}
		seen[key] = true
	}
	if tok, err := dec.Token(); err != nil || tok != json.Delim('}') || len(seen) != len(want) || dec.More() {
		t.Fatalf("AppendPlainFields wrote %q; EachField has %q", got, want)
	}
}

// canonString is s as one JSON string literal, spelled one way, so that
// strings written with different escapes compare equal.
func canonString(s string) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(s)
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

// checkFieldText holds Text and KeyText to what AppendValue and AppendKey
// append, wherever they answer.
func checkFieldText(t *testing.T, f Field) {
	t.Helper()
	key, value := f.AppendKey(nil), f.AppendValue(nil)
	if k, ok := f.KeyText(); ok && !bytes.Equal(k, key) {
		t.Fatalf("KeyText %q, AppendKey %q", k, key)
	}
	if v, ok := f.Text(); ok && !bytes.Equal(v, value) {
		t.Fatalf("Text %q, AppendValue %q", v, value)
	}
	checkPlainJSON(t, f, key, value)
}

// checkPlainJSON fails unless the copies PlainKey and AppendPlainJSON make
// are what they stand for: the key's text, needing no escape, and the
// value as JSON (a JSON value as written; other text as the string
// AppendValue gives), and dst is left alone when they decline.
func checkPlainJSON(t *testing.T, f Field, key, value []byte) {
	t.Helper()
	if k, ok := f.PlainKey(); ok {
		if !bytes.Equal(k, key) || len(k) == 0 {
			t.Fatalf("PlainKey %q, AppendKey %q", k, key)
		}
		for _, c := range k {
			if c < ' ' || c >= 0x80 || c == '"' || c == '\\' {
				t.Fatalf("PlainKey %q holds %q", k, c)
			}
		}
	}
	dst := []byte("prefix")
	out, ok := f.AppendPlainJSON(dst)
	if !ok {
		if string(out) != "prefix" {
			t.Fatalf("AppendPlainJSON declined but wrote %q", out)
		}
		return
	}
	if !bytes.HasPrefix(out, dst) || !json.Valid(out[len(dst):]) {
		t.Fatalf("AppendPlainJSON wrote %q", out)
	}
	got := out[len(dst):]
	if raw, isJSON := f.JSON(); isJSON {
		if !bytes.Equal(got, raw) {
			t.Fatalf("AppendPlainJSON %q, JSON %q", got, raw)
		}
		return
	}
	var s string
	if err := json.Unmarshal(got, &s); err != nil || s != string(value) {
		t.Fatalf("AppendPlainJSON %q reads %q, AppendValue %q (%v)", got, s, value, err)
	}
}

// checkMemberRuns holds appendMemberRuns, the copy of a JSON line's
// members from where its parse found them, to appendPlainMembers, the walk
// it spares: where it answers (known), the same bytes and the same ok.
func checkMemberRuns(t testing.TB, r *Record) {
	t.Helper()
	if r.fieldsKind != fieldsJSONRest || r.nMembers == 0 {
		return
	}
	dst := []byte("prefix")
	got, gotOK, known := r.appendMemberRuns(dst)
	if !bytes.HasPrefix(got, dst) {
		t.Fatalf("appendMemberRuns wrote over dst: %q", got)
	}
	if !known {
		if len(got) != len(dst) {
			t.Fatalf("appendMemberRuns left it to the walk but wrote %q", got)
		}
		return
	}
	want, wantOK := appendPlainMembers(dst, r.get(r.fields), r, int(r.fields.start), false)
	if gotOK && !wantOK {
		// The walk also declines a record whose header's string (the
		// message) is not valid UTF-8, which the copy leaves out
		// unchecked: the copy is then held to EachField, as the
		// encoder's tests hold it to the general path.
		checkPlainFieldsEach(t, r)
		return
	}
	if gotOK != wantOK || string(got) != string(want) {
		t.Fatalf("%q: appendMemberRuns %q (%v), appendPlainMembers %q (%v)", r.text, got, gotOK, want, wantOK)
	}
}
