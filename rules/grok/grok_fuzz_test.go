package grok

import (
	"encoding/json"
	"errors"
	"slices"
	"testing"
	"time"
)

// FuzzGrok compiles random rule text and parses random input. It must not
// panic; a failed Compile must be a *SyntaxError; a match must name one of
// the rules, give a non-nil map that encodes as JSON, and be deterministic.
// Seeds: every golden case in testdata/*.txtar, plus the f.Add lines below.
func FuzzGrok(f *testing.F) {
	for _, path := range goldenFiles(f) {
		rules, support, _, cases := loadGolden(f, path)
		for _, c := range cases {
			f.Add(rules, support, c.log)
		}
	}
	f.Add(`r %{data::keyvalue("=", "/:", "<>", "|")}`, "", "a=<b>|c=/d:e")
	f.Add(`r %{data:x:array("{}", ";", scale(2))}`, "", "{1;2.5}")
	f.Add(`r %{data::csv("a,b,c", "tab", "'")}`, "", "'x''y'\t2\t")
	f.Add(`r %{data:u:useragent(decodeuricomponent:true)} %{data:v:url}`, "", "Mozilla%2F5.0 http://a:b@c:1/d?e#f")
	f.Add(`r %{data:h:rubyhash} %{data:x:xml}`, "", `{a: [1, {b => nil}]} <a x="1"><b>t</b><b/></a>`)
	f.Add(`r (?>%{h:z}|%{ip:i})(?P<n>\d+)?`, `h %{date("yyyy-MM-dd'T'HH:mm:ss.SSSZZ", "UTC+3"):d}`, "2020-01-01T00:00:00.1+01:00")
	f.Add("r %{h}\nr2 %{r}%{r}", "h %{g}%{g}\ng %{word:w:nullIf(\"x\")}", "abab")
	f.Add(`r %{regex("(?i)[a-z]{2,}"):a:boolean}%{boolean("on","off"):b}`, "", "trueON")
	f.Fuzz(func(t *testing.T, match, support, log string) {
		now := time.Date(2026, 9, 11, 0, 0, 0, 0, time.UTC)
		p, err := Compile(match, support, WithNow(func() time.Time { return now }))
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("Compile error %T is not a *SyntaxError: %v", err, err)
			}
			if se.Line < 1 {
				t.Fatalf("SyntaxError without a line: %v", se)
			}
			return
		}
		attrs, rule, ok := p.Parse(log)
		if !ok {
			if attrs != nil || rule != "" {
				t.Fatalf("no match but attrs %v, rule %q", attrs, rule)
			}
			return
		}
		names := make([]string, len(p.rules))
		for i, r := range p.rules {
			names[i] = r.name
		}
		if attrs == nil || !slices.Contains(names, rule) {
			t.Fatalf("match with attrs %v, rule %q (rules %v)", attrs, rule, names)
		}
		b1, err := json.Marshal(attrs)
		if err != nil {
			t.Fatalf("attributes do not encode as JSON: %v (%#v)", err, attrs)
		}
		again, rule2, _ := p.Parse(log)
		b2, _ := json.Marshal(again)
		if string(b1) != string(b2) || rule != rule2 {
			t.Fatalf("Parse is not deterministic:\n%s\n%s", b1, b2)
		}
	})
}
