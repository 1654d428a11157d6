package parser

import "testing"

// TestAppendPlainFields covers the records AppendPlainFields copies and
// those it leaves to EachField: what it writes is spelled out here, and
// checkPlainFields (also run by FuzzParse) holds it to EachField.
func TestAppendPlainFields(t *testing.T) {
	for _, c := range []struct {
		line string
		want string // "" with ok: no members; "-": declined
	}{
		// zap's JSON line: the header's members are left out.
		{`{"level":"info","ts":1764480000.5,"caller":"a/b.go:1","msg":"m","path":"/v1","n":3,"ok":true,"v":null}`,
			`{"path":"/v1","n":3,"ok":true,"v":null}`},
		// logrus's: fields between the header's members, white space dropped.
		{`{"a": "x", "level": "warning", "msg": "m", "time": "2026-11-30T05:52:38Z", "z": -1.5e3}`,
			`{"a":"x","z":-1.5e3}`},
		// Only the header's members: no attributes.
		{`{"level":"error","msg":"m"}`, ``},
		// Valid UTF-8 and JSON's escapes in values are copied as written.
		{`{"level":"info","msg":"m","who":"Zoë","q":"say \"hi\"\n"}`, `{"who":"Zoë","q":"say \"hi\"\n"}`},
		// zap console's fields column.
		{"2026-11-30T05:52:38.121Z\tINFO\tname\tmsg\t{\"k\":\"v\",\"n\":1}", `{"k":"v","n":1}`},
		{"2026-11-30T05:52:38.121Z\tINFO\tname\tmsg\t{}", ``},
		// Objects and arrays without a name twice in one object (a name
		// may recur in another object, or be empty), compacted.
		{"2026-11-30T05:52:38.121Z\tINFO\tname\tmsg\t{\"req\": {\"a\": [1, 2], \"b\": {}}, \"n\": 1}", `{"req":{"a":[1,2],"b":{}},"n":1}`},
		{`{"level":"info","msg":"m","o":{ "a" : 1 , "b":[ ] }}`, `{"o":{"a":1,"b":[]}}`},
		{`{"level":"info","msg":"m","o":{"a":1,"":[true,null,"x"]},"l":[1]}`, `{"o":{"a":1,"":[true,null,"x"]},"l":[1]}`},
		{`{"level":"info","msg":"m","l":[{"a":1},{"a":{"a":2}}],"e":{},"f":[]}`, `{"l":[{"a":1},{"a":{"a":2}}],"e":{},"f":[]}`},
		// Declined: a name twice (renamed by the general path), an escaped
		// or empty name, invalid UTF-8; in a nested object, a name twice
		// or a name with an escape.
		{`{"level":"info","msg":"m","k":1,"k":2}`, `-`},
		{`{"level":"info","msg":"m","k\"":1}`, `-`},
		{`{"level":"info","msg":"m","":1}`, `-`},
		{`{"level":"info","msg":"m","o":{"a":1,"a":2}}`, `-`},
		{`{"level":"info","msg":"m","l":[{"a":1, "a":2}]}`, `-`},
		{`{"level":"info","msg":"m","o":{"a":1,"\u0061":2}}`, `-`},
		{`{"level":"info","msg":"m","o":{"\u0062":2}}`, `-`},
		{"{\"level\":\"info\",\"msg\":\"m\",\"l\":[\"\xff\"]}", `-`},
		{"{\"level\":\"info\",\"msg\":\"m\",\"b\":\"\xff\"}", `-`},
		{"2026-11-30T05:52:38.121Z\tINFO\tname\tmsg\t{\"k\":\"v\"} x", `-`},
		// Copied from where the parse found the members
		// (appendMemberRuns): runs between the header's members, white
		// space around colons and commas, a line of one member left.
		{`{"a":1,"level":"info","b":"x","c":[1, 2],"msg":"m","d":{"e": 2},"f":true}`, `{"a":1,"b":"x","c":[1,2],"d":{"e":2},"f":true}`},
		{"{\"level\":\"info\" ,\"a\" :1,\t \"b\"\t: \"x\" , \"msg\":\"m\",\"c\":null }", `{"a":1,"b":"x","c":null}`},
		{`{"level":"info","msg":"m","x":"Zoë"}`, `{"x":"Zoë"}`},
		{`{"level":"info","msg":"m","aa":1,"ab":2,"ba":3,"aa":4}`, `-`},
		{`{"level":"info","msg":"m","o":{"k":1,"k":2},"p":1}`, `-`},
		// Pairs: logrus's text, slog's (a quoted key, an empty value),
		// klog's (typed values kept), logrus's coloured pairs.
		{`time="2026-11-30T05:52:38Z" level=info msg=m k=v q="say \"hi\""`, `{"k":"v","q":"say \"hi\""}`},
		{`time=2026-11-30T04:41:36.123Z level=INFO msg=m "a b"=1 e=`, `{"a b":"1","e":""}`},
		{`I1130 04:39:44.903457       1 sync.go:12] "synced" pod="a" n=1 ok=true`, `{"pod":"a","n":1,"ok":true}`},
		{"\x1b[36mINFO\x1b[0m[0000] m                                            \x1b[36mk\x1b[0m=1 \x1b[36mq\x1b[0m=\"a b\"", `{"k":"1","q":"a b"}`},
		// .NET's event id.
		{"info: Microsoft.Hosting.Lifetime[14]\n      Now listening on: http://[::]:8080", `{"event_id":14}`},
		// Declined: a name twice, a name or value that needs decoding or
		// escaping, klog's blocks and objects, text that is not pairs.
		{`time=2026-11-30T04:41:36.123Z level=INFO msg=m k=1 k=2`, `-`},
		{`time=2026-11-30T04:41:36.123Z level=INFO msg=m "k\"q"=1`, `-`},
		{`time=2026-11-30T04:41:36.123Z level=INFO msg=m k="\u00e9"`, `-`},
		{`time="2026-11-30T05:52:38Z" level=info msg=m clé=v`, `-`},
		{"I1130 04:39:44.903457       1 sync.go:12] \"m\" data=<\n\tline1\n\t  line2\n > e=<\n >", `{"data":"line1\n  line2","e":""}`},
		{"I1130 04:39:44.903457       1 sync.go:12] \"m\" data=<\n\ta\tb\n >", `-`},
		{"I1130 04:39:44.903457       1 sync.go:12] \"m\" data=<\n\tsay \"hi\"\n >", `-`},
		{`I1130 04:39:44.903457       1 sync.go:12] "m" list=["a"] obj={"a":1}`, `{"list":["a"],"obj":{"a":1}}`},
		{`I1130 04:39:44.903457       1 sync.go:12] "m" obj={"a":1,"a":2}`, `-`},
		{`I1130 04:39:44.903457       1 sync.go:12] "m" list=["a",]`, `-`},
		{`I1130 04:39:44.903457       1 sync.go:12] "m" k=1 not a pair`, `-`},
		{"I1130 04:39:44.903457       1 sync.go:12] \"m\" k=\r{}", `-`},
		{"I1130 04:39:44.903457       1 sync.go:12] \"m\" k=0\t", `-`},
		{"\x1b[36mINFO\x1b[0m[0000] m                                            \x1b[36mk\x1b[0m=\x1b[31mred", `-`},
	} {
		var r Record
		if !Parse([]byte(c.line), &r) {
			t.Fatalf("%q: not parsed", c.line)
		}
		got, ok := r.AppendPlainFields(nil)
		switch {
		case c.want == "-" && ok:
			t.Errorf("%q: copied %q, want declined", c.line, got)
		case c.want != "-" && (!ok || string(got) != c.want):
			t.Errorf("%q: got %q (%v), want %q", c.line, got, ok, c.want)
		}
		checkPlainFields(t, &r)
	}
}
