package parser

import (
	"bytes"
	"testing"
)

// The walks the one-pass copies of plaincopy.go replaced, kept as their
// reference: each splits the pairs as its EachField walker does, finds
// each token's end, then checks it plain (appendMember) and copies it.
// checkPlainFields holds the copies to them byte for byte, declines
// included.

// refAppendPlainLogfmt is AppendPlainFields for logrus's text pairs
// (eachLogfmtField's walk: a key runs to the next '=').
func refAppendPlainLogfmt(dst, b []byte) (_ []byte, ok bool) {
	start := len(dst)
	var names plainNames
	i := 0
	for i < len(b) {
		for i < len(b) && b[i] == ' ' {
			i++
		}
		if i >= len(b) {
			break
		}
		ks := i
		e := indexByteFrom(b, i, '=')
		if e <= ks {
			return dst[:start], false // the rest is text, not pairs
		}
		i = e + 1
		var v []byte
		kind := kindText
		if i < len(b) && b[i] == '"' {
			end := skipGoString(b, i)
			if end < 0 {
				return dst[:start], false
			}
			v, kind, i = b[i:end], kindGoQuoted, end
		} else {
			vs := i
			for i < len(b) && b[i] != ' ' {
				i++
			}
			v = b[vs:i]
		}
		if dst, ok = names.appendMember(dst, b, ks, e, v, kind); !ok {
			return dst[:start], false
		}
	}
	return names.close(dst)
}

// refAppendPlainTTY is AppendPlainFields for logrus's coloured pairs
// "ESC[36mkeyESC[0m=value" (eachTTYField's walk).
func refAppendPlainTTY(dst, b []byte) (_ []byte, ok bool) {
	start := len(dst)
	var names plainNames
	i := 0
	for i < len(b) {
		for i < len(b) && b[i] == ' ' {
			i++
		}
		if i >= len(b) {
			break
		}
		ks := skipCSI(b, i)
		if ks == i {
			return dst[:start], false // the rest is text, not pairs
		}
		e := indexResetEq(b[ks:])
		if e < 0 {
			return dst[:start], false
		}
		ke := ks + e
		i = ke + 5
		var v []byte
		kind := kindText
		if i < len(b) && b[i] == '"' {
			end := skipGoString(b, i)
			if end < 0 {
				return dst[:start], false
			}
			v, kind, i = b[i:end], kindGoQuoted, end
		} else {
			vs := i
			for i < len(b) && b[i] != ' ' {
				i++
			}
			v = b[vs:i]
		}
		if dst, ok = names.appendMember(dst, b, ks, ke, v, kind); !ok {
			return dst[:start], false
		}
	}
	return names.close(dst)
}

// refAppendPlainLogfmtRest is AppendPlainFields for the logfmt pairs the
// header did not consume (eachLogfmtRest's walk); b starts at offset base
// of the record's text. A quoted key is plain when its text needs no
// unquoting, and is then written as it is between its quotes.
func (r *Record) refAppendPlainLogfmtRest(dst, b []byte, base int) (_ []byte, ok bool) {
	start := len(dst)
	var names plainNames
	i := 0
	for i < len(b) {
		p, next, isPair := nextPair(b, i)
		if !isPair {
			return dst[:start], false // the rest is text, not pairs
		}
		i = next
		if r.consumedPair(int32(base + p.vs)) {
			continue
		}
		ks, ke := p.ks, p.ke
		if p.keyQuoted {
			ks, ke = ks+1, ke-1
		}
		if dst, ok = names.appendMember(dst, b, ks, ke, b[p.vs:p.ve], p.valueKind()); !ok {
			return dst[:start], false
		}
	}
	return names.close(dst)
}

// refAppendPlainKlog is AppendPlainFields for klog's pairs (eachKlogField's
// walk).
func refAppendPlainKlog(dst, b []byte) (_ []byte, ok bool) {
	start := len(dst)
	var names plainNames
	i := 0
	for i < len(b) {
		for i < len(b) && b[i] == ' ' {
			i++
		}
		if i >= len(b) {
			break
		}
		ks := i
		for i < len(b) && b[i] != '=' && b[i] != ' ' && b[i] != '\n' {
			i++
		}
		if i >= len(b) || b[i] != '=' || i == ks {
			return dst[:start], false // the rest is text, not pairs
		}
		ke := i
		i++
		vs := i
		var v []byte
		kind := kindText
		switch {
		case i < len(b) && b[i] == '"':
			e := skipGoStringLine(b, i)
			if e < 0 {
				return dst[:start], false
			}
			v, kind, i = b[vs:e], kindGoQuoted, e
		case i+1 < len(b) && b[i] == '<' && b[i+1] == '\n':
			v, i = klogBlock(b, i)
			kind = kindBlock
		case i < len(b) && (b[i] == '[' || b[i] == '{'):
			// An object or an array (a slice, map or struct), copied when
			// the encoder would write it as it is; a word that fails to be
			// one is left to the general path.
			e := skipJSONValue(b, i)
			if e <= 0 || e < len(b) && b[e] != ' ' && b[e] != '\n' {
				return dst[:start], false
			}
			if dst, ok = names.appendName(dst, b, ks, ke); !ok {
				return dst[:start], false
			}
			if dst, ok = appendNested(dst, b[vs:e]); !ok {
				return dst[:start], false
			}
			if i = e; i < len(b) && b[i] == '\n' {
				i++
			}
			continue
		default:
			for i < len(b) && b[i] != ' ' && b[i] != '\n' {
				i++
			}
			v = b[vs:i]
			if validJSON(v) {
				kind = kindJSON
			}
		}
		if dst, ok = names.appendMember(dst, b, ks, ke, v, kind); !ok {
			return dst[:start], false
		}
		if i < len(b) && b[i] == '\n' {
			i++
		}
	}
	return names.close(dst)
}

// checkPlainCopyRef fails unless AppendPlainFields' answer (out after
// "prefix", ok) for a record whose fields one of plaincopy.go's copies
// writes is its reference walk's, byte for byte: the same object when
// both copy, and a decline when the reference declines, and only then.
func checkPlainCopyRef(t testing.TB, r *Record, out []byte, ok bool) {
	t.Helper()
	if r.fields.empty() {
		return
	}
	b := r.get(r.fields)
	dst := []byte("prefix")
	var want []byte
	var wantOK bool
	switch r.fieldsKind {
	case fieldsLogfmt:
		want, wantOK = refAppendPlainLogfmt(dst, b)
	case fieldsTTY:
		want, wantOK = refAppendPlainTTY(dst, b)
	case fieldsLogfmtRest:
		want, wantOK = r.refAppendPlainLogfmtRest(dst, b, int(r.fields.start))
	case fieldsKlog:
		want, wantOK = refAppendPlainKlog(dst, b)
	default:
		return
	}
	if ok != wantOK || ok && !bytes.Equal(out, want) {
		t.Fatalf("fields %q (kind %d): copy wrote %q, %v; reference %q, %v", b, r.fieldsKind, out, ok, want, wantOK)
	}
}

// TestPlainCopyRef holds the one-pass copies to their references on every
// line of the corpus and on lines built to end a token at each place a
// word load can meet it: at the end of the text, inside an escape, at a
// byte that is not plain in a key or a value.
func TestPlainCopyRef(t *testing.T) {
	lines := corpusLines(t)
	heads := []string{
		`time="2026-11-30T05:52:38Z" level=info msg="m" `,
		`level=info msg=m `,
		"\x1b[36mINFO\x1b[0m[0000] m                                            ",
		`time=2026-11-30T05:52:38Z level=INFO msg="m" `,
		`level=info ts=2026-11-30T05:52:38Z caller=a.go:1 msg=m `,
		`2026-11-30T05:52:38.119Z [INFO]  myapp: m: `,
		`I1130 05:52:39.012438   13468 main.go:202] "m" `,
	}
	pairs := []string{
		`k=v`, `k=`, `k="v"`, `k=""`, `k="a\"b"`, `k="a\\"`, `k="a\x"`, `k="a\u00e9"`, `k="a`,
		`k=a"b`, `k=a\b`, "k=a\tb", "k=é", `k=v=w`, `=v`, `a b=c`, `"q k"=v`, `"q\"k"=v`,
		`""=v`, `k="v"x`, `k=12345678`, `long_key_name_here=long_value_here_too`,
		`k="0123456789abcdef\n"`, `k=v k=w`, "\x1b[36mk\x1b[0m=v", "\x1b[36mk\x1b[0m=\"a b\"",
		"\x1b[36mk\x1bx\x1b[0m=v", "\x1b[36m\x1b[0m=v", `k`, ` `, `k=v `, `k="v" `,
		// klog's values: JSON numbers and literals, objects and arrays,
		// blocks, and words that fail to be any of them.
		`k=12`, `k=-1.5e3`, `k=true`, `k=null`, `k=1x`, `k=[1,2]`, `k={"a":1}`, `k={"a":1,"a":2}`,
		`k=[1`, "k=<\n\ta\n\tb\n >", "k=<\n\ta\"\n >", "k=1\nj=2", "k=\"a\nb\"", "k=\r1", "k=1\r",
	}
	for _, h := range heads {
		for _, p := range pairs {
			for _, q := range pairs {
				for _, sep := range []string{" ", "  "} {
					lines = append(lines, []byte(h+p+sep+q), []byte(h+p+sep+q+" x=1"))
					if len(h) > 0 && h[0] == 0x1b {
						// The coloured form's keys.
						lines = append(lines, []byte(h+"\x1b[36m"+p+"\x1b[0m="+q))
					}
				}
			}
		}
	}
	for _, l := range lines {
		// Each length, so that the text ends at each place in a word.
		for n := len(l); n > 0 && n > len(l)-12; n-- {
			var r Record
			Parse(l[:n], &r)
			out, ok := r.AppendPlainFields([]byte("prefix"))
			checkPlainCopyRef(t, &r, out, ok)
			// Without capacity past the text: the tail word is copied.
			c := append([]byte(nil), l[:n]...)
			var r2 Record
			Parse(c[:n:n], &r2)
			out, ok = r2.AppendPlainFields([]byte("prefix"))
			checkPlainCopyRef(t, &r2, out, ok)
		}
	}
}

// refCopyGoQuoted is copyGoQuoted as it was, a call of copyPlainRun for
// each run of plain bytes; FuzzCopyGoQuoted holds copyGoQuoted to it.
func refCopyGoQuoted(out []byte, w int, b []byte, i int) (next, wnext int, ok bool) {
	out[w] = '"'
	w++
	i++
	for {
		j, jw := copyPlainRun(out, w, b, i)
		if j >= len(b) {
			return 0, 0, false
		}
		switch b[j] {
		case '"':
			out[jw] = '"'
			return j + 1, jw + 1, true
		case '\\':
			if j+1 < len(b) {
				switch c := b[j+1]; c {
				case '"', '\\', 'n', 'r', 't':
					out[jw], out[jw+1] = '\\', c
					i, w = j+2, jw+2
					continue
				}
			}
		}
		return 0, 0, false
	}
}

func FuzzCopyGoQuoted(f *testing.F) {
	for _, s := range []string{`"abc"`, `"a\"b" x`, `"a\\b\n\r\tc"`, `"unterminated`, `"ctl\x01"`, `"0123456789abcdef\"x"`, `"\u00e9"`, `"é"`, `""`, `"`} {
		f.Add([]byte(s), 0, 0)
	}
	f.Fuzz(func(t *testing.T, text []byte, extra, pre int) {
		extra, pre = extra&15, pre&15
		// b a window on a longer buffer sometimes (loadTail's whole-word load).
		buf := append(append([]byte(nil), text...), bytes.Repeat([]byte{'"'}, extra)...)
		b := buf[:len(text)]
		if len(b) == 0 || b[0] != '"' {
			return
		}
		n := pre + 4*len(b) + 24
		o1, o2 := make([]byte, n), make([]byte, n)
		i1, w1, ok1 := copyGoQuoted(o1, pre, b, 0)
		i2, w2, ok2 := refCopyGoQuoted(o2, pre, b, 0)
		if ok1 != ok2 || ok1 && (i1 != i2 || w1 != w2 || !bytes.Equal(o1[:w1], o2[:w2])) {
			t.Fatalf("%q: got %d %d %v %q, want %d %d %v %q", b, i1, w1, ok1, o1[:w1], i2, w2, ok2, o2[:w2])
		}
	})
}
