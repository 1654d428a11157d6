package parser

import "testing"

// TestKlogEmptyBlock: an "=<" block whose closer follows at once holds the
// empty string. The newline after '<' is then the closer's too, and the
// walk read the value as the slice from past that newline to before it,
// which panicked.
func TestKlogEmptyBlock(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"I1130 04:39:44.903457       1 sync.go:12] \"m\" k=<\n >", `k="" `},
		{"I1130 04:39:44.903457       1 sync.go:12] \"m\" k=<\n > j=1", `k="" j="1" `},
		{"I1130 04:39:44.903457       1 sync.go:12] \"m\" k=<\n\ta\n > j=<\n >", `k="a" j="" `},
	} {
		var r Record
		Parse([]byte(c.text), &r)
		got := ""
		r.EachField(func(f Field) bool {
			got += string(f.AppendKey(nil)) + `="` + string(f.AppendValue(nil)) + `" `
			return true
		})
		if got != c.want {
			t.Errorf("%q: fields %s, want %s", c.text, got, c.want)
		}
	}
}
