package grok

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestCompileErrors(t *testing.T) {
	tests := []struct {
		name           string
		match, support string
		rule           string
		support_       bool
		line, col      int // col 0: not checked
		msg            string
	}{
		{"unknown matcher", "r1 %{word:a}\nr2 %{wrod:a}", "", "r2", false, 2, 6, `unknown matcher or rule "wrod"`},
		{"unknown filter", `r %{word:a:upcase}`, "", "r", false, 1, 12, `unknown filter "upcase"`},
		{"unknown filter in array", `r %{data:a:array(",", upcase)}`, "", "r", false, 1, 0, `unknown filter "upcase"`},
		{"unbalanced", `r %{word:a %{word:b}`, "", "r", false, 1, 3, "unbalanced %{"},
		{"unterminated", `r prefix %{word:a`, "", "r", false, 1, 10, "missing closing }"},
		{"bad regex argument", `r %{regex("[a-z"):a}`, "", "r", false, 1, 11, "invalid regex"},
		{"bad regex text", `r (%{word:a}`, "", "r", false, 1, 0, "missing closing )"},
		{"unknown support rule", `r %{helper} %{missing:x}`, `helper %{word}`, "r", false, 1, 15, `unknown matcher or rule "missing"`},
		{"error in support rule", `r %{helper}`, "ok %{word}\nhelper %{word:w:nope}", "helper", true, 2, 17, `unknown filter "nope"`},
		{"look-ahead", `r %{word:a}(?=x)`, "", "r", false, 1, 12, "look-ahead (?=…) is not supported"},
		{"negative look-behind in regex()", `r %{regex("(?<!a)b"):x}`, "", "r", false, 1, 11, "negative look-behind"},
		{"back-reference", `r (\w)\1`, "", "r", false, 1, 7, "back-reference"},
		{"possessive", `r a++`, "", "r", false, 1, 4, "possessive quantifier"},
		{"circular", `r %{a}`, "a x%{b}\nb y%{a}", "b", true, 2, 6, "circular reference: a -> b -> a"},
		{"self reference", `r x%{r}`, "", "r", false, 1, 6, "not defined above"},
		{"match rule below", "r1 %{r2}\nr2 x", "", "r1", false, 1, 0, `match rule "r2" is not defined above`},
		{"support references match", `r1 x`, `h %{r1}`, "h", true, 1, 0, `support rule cannot reference match rule "r1"`},
		{"duplicate name", "a x\na y", "", "a", false, 2, 1, "duplicate rule name"},
		{"duplicate across", "a x", "a y", "a", false, 1, 1, "duplicate rule name"},
		{"bad rule name", ".r x", "", "", false, 1, 1, "invalid rule name"},
		{"no pattern", "onlyname", "", "onlyname", false, 1, 1, "has no pattern"},
		{"empty matcher", `r %{:a}`, "", "r", false, 1, 3, "empty matcher"},
		{"too many colons", `r %{word:a:lowercase:x}`, "", "r", false, 1, 0, "too many ':'"},
		{"bad extract", `r %{word:a b}`, "", "r", false, 1, 0, "invalid extract name"},
		{"args to plain matcher", `r %{word("x"):a}`, "", "r", false, 1, 5, "takes no arguments"},
		{"args to rule reference", `r %{h("x")}`, `h x`, "r", false, 1, 0, "takes no arguments"},
		{"regex without argument", `r %{regex:a}`, "", "r", false, 1, 5, "regex takes one string argument"},
		{"date letter", `r %{date("yyyy-MM-dd Q"):d}`, "", "r", false, 1, 10, `pattern letter "Q"`},
		{"date timezone", `r %{date("HH:mm","Mars/Olympus"):d}`, "", "r", false, 1, 0, `unknown timezone "Mars/Olympus"`},
		{"date offset range", `r %{date("HH:mm","+19"):d}`, "", "r", false, 1, 0, "out of range"},
		{"date locale", `r %{date("MMM","Europe/Paris","fr"):d}`, "", "r", false, 1, 0, `locale "fr"`},
		{"keyvalue quotes", `r %{data::keyvalue("=","","<")}`, "", "r", false, 1, 0, "pairs"},
		{"csv separator", `r %{data::csv("a,b",";;")}`, "", "r", false, 1, 0, "one character"},
		{"scale argument", `r %{number:n:scale("x")}`, "", "r", false, 1, 0, "not a number"},
		{"nullIf argument", `r %{word:n:nullIf}`, "", "r", false, 1, 0, "nullIf takes one"},
		{"unterminated string", `r %{regex("abc):x}`, "", "r", false, 1, 0, "unterminated"},
		{"filter arguments", `r %{data:x:json(1)}`, "", "r", false, 1, 0, "takes no arguments"},
		{"useragent argument", `r %{data:x:useragent(decode:yes)}`, "", "r", false, 1, 0, "useragent: unknown argument"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := Compile(tc.match, tc.support)
			if err == nil {
				t.Fatalf("Compile succeeded (%d rules), want an error", len(p.rules))
			}
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("error %T %v is not a *SyntaxError", err, err)
			}
			if se.Rule != tc.rule || se.Support != tc.support_ || se.Line != tc.line {
				t.Errorf("got rule %q support %v line %d, want %q %v %d (%v)", se.Rule, se.Support, se.Line, tc.rule, tc.support_, tc.line, err)
			}
			if tc.col != 0 && se.Col != tc.col {
				t.Errorf("col = %d, want %d (%v)", se.Col, tc.col, err)
			}
			if !strings.Contains(se.Msg, tc.msg) {
				t.Errorf("message %q does not contain %q", se.Msg, tc.msg)
			}
			if !strings.Contains(err.Error(), tc.rule) || !strings.HasPrefix(err.Error(), "grok: ") {
				t.Errorf("Error() = %q does not name the rule", err.Error())
			}
		})
	}
}

func TestSyntaxErrorString(t *testing.T) {
	e := &SyntaxError{Rule: "h", Support: true, Line: 3, Col: 7, Msg: "boom"}
	if got, want := e.Error(), `grok: support rule "h" (line 3, col 7): boom`; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	e = &SyntaxError{Rule: "r", Line: 1, Msg: "boom"}
	if got, want := e.Error(), `grok: match rule "r" (line 1): boom`; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
}

// TestValueTypes pins the Go types of extracted values.
func TestValueTypes(t *testing.T) {
	p := MustCompile(`r %{number:n} %{integer:i} %{numberExt:ne} %{integerExt:ie} %{boolean:b} %{date("yyyy-MM-dd"):d} %{numberStr:s} %{data:j:json}`, "")
	attrs, rule, ok := p.Parse(`1.5 -3 2e1 1e2 true 2024-01-02 7 {"k": 1, "f": 1.5}`)
	if !ok || rule != "r" {
		t.Fatalf("no match: %v %q", ok, rule)
	}
	want := map[string]any{
		"n": 1.5, "i": int64(-3), "ne": float64(20), "ie": int64(100), "b": true,
		"d": int64(1704153600000), "s": "7", "j": map[string]any{"k": int64(1), "f": 1.5},
	}
	if !reflect.DeepEqual(attrs, want) {
		t.Errorf("got %#v\nwant %#v", attrs, want)
	}
}

func TestNoMatch(t *testing.T) {
	p := MustCompile("a %{integer:x}\nb %{word:y}", "")
	attrs, rule, ok := p.Parse("12 and more")
	if ok || rule != "" || attrs != nil {
		t.Errorf("Parse = %v, %q, %v; want nil, \"\", false", attrs, rule, ok)
	}
	attrs, rule, ok = p.Parse("")
	if ok || attrs != nil || rule != "" {
		t.Errorf("empty log matched %q", rule)
	}
}

func TestEmptyMatchIsNotNil(t *testing.T) {
	p := MustCompile(`r %{word} %{data:x:nullIf("-")}`, "")
	attrs, _, ok := p.Parse("a -")
	if !ok || attrs == nil || len(attrs) != 0 {
		t.Errorf("Parse = %#v, %v; want an empty non-nil map", attrs, ok)
	}
}

func TestBlankLinesAndCRLF(t *testing.T) {
	p, err := Compile("\n  \r\nfirst %{regex(\"[a-z]+\"):a}\r\n\n\tsecond %{integer:b}  \n", "\n")
	if err != nil {
		t.Fatal(err)
	}
	if _, rule, _ := p.Parse("hello"); rule != "first" {
		t.Errorf("rule = %q, want first", rule)
	}
	// the pattern keeps its trailing spaces: the log must have them too
	if _, rule, ok := p.Parse("12"); ok {
		t.Errorf("rule %q matched without the trailing spaces", rule)
	}
	if _, rule, _ := p.Parse("12  "); rule != "second" {
		t.Errorf("rule = %q, want second", rule)
	}
}

func TestStringEscapes(t *testing.T) {
	tests := []struct{ rule, log string }{
		{`r %{regex("\d{4}"):y}`, "2024"},
		{`r %{regex("\\d{4}"):y}`, "2024"},
		{`r %{regex("a\"b"):y}`, `a"b`},
		{`r %{regex("\\\\"):y}`, `\`},
		{`r %{regex("[^\]]+"):y}`, "abc"},
		{`r %{regex("a\tb"):y}`, "a\tb"},
	}
	for _, tc := range tests {
		p, err := Compile(tc.rule, "")
		if err != nil {
			t.Errorf("%s: %v", tc.rule, err)
			continue
		}
		attrs, _, ok := p.Parse(tc.log)
		if !ok || attrs["y"] != tc.log {
			t.Errorf("%s on %q: %v %v", tc.rule, tc.log, attrs, ok)
		}
	}
	if got := unescapeString(`\"\'\\\n\t\r\d\.`); got != "\"'\\\n\t\r\\d\\." {
		t.Errorf("unescapeString = %q", got)
	}
}

func TestNullIfWithEscapedQuotes(t *testing.T) {
	p := MustCompile(`r %{data:f:nullIf("with \"escaped\" quotes")}`, "")
	if attrs, _, ok := p.Parse(`with "escaped" quotes`); !ok || len(attrs) != 0 {
		t.Errorf("nullIf did not drop the value: %v", attrs)
	}
}

// Date cases beyond the documented table, after the tests of Vector's
// open-source re-implementation (vectordotdev/vrl src/datadog/grok).
func TestDateMatcher(t *testing.T) {
	now := time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC)
	tests := []struct {
		pattern, log string
		want         int64
	}{
		{`"dd/MMM/yyyy"`, "06/Mar/2013", 1362528000000},
		{`"yyyy-MM-dd HH:mm:ss.SSS zzzz"`, "2007-08-31 19:22:22.427 America/Thule", 1188598942427},
		{`"yyyy-MM-dd HH:mm:ss.SSS Z"`, "2007-08-31 19:22:22.427 -03:00", 1188598942427},
		{`"yyyy-MM-dd HH:mm:ss.SSS z"`, "2007-08-31 19:22:22.427 CET", 1188580942427},
		{`"EEE MMM dd HH:mm:ss yyyy", "Europe/Moscow"`, "Thu Jun 16 08:29:03 2016", 1466054943000},
		{`"EEE MMM dd HH:mm:ss yyyy", "+03:00"`, "Thu Jun 16 08:29:03 2016", 1466054943000},
		{`"EEE MMM dd HH:mm:ss yyyy", "-0300"`, "Thu Jun 16 08:29:03 2016", 1466076543000},
		{`"EEE MMM dd HH:mm:ss yyyy", "GMT-03:30"`, "Thu Jun 16 08:29:03 2016", 1466078343000},
		{`"MMM d y HH:mm:ss z"`, "Nov 16 2020 13:41:29 GMT", 1605534089000},
		{`"yyyy-MM-dd HH:mm:ss.SSSS"`, "2019-11-25 11:21:32.6282", 1574680892628},
		{`"yyyy-MM-dd'T'HH:mm:ss.SSSZ"`, "2016-09-02T15:02:29.648Z", 1472828549648},
		{`"yyMMdd HH:mm:ss"`, "171113 14:14:20", 1510582460000},
		{`"M/d/yy HH:mm:ss z"`, "5/6/18 19:40:59 GMT", 1525635659000},
		{`"M/d/yy HH:mm:ss,SSSSSSSSS z"`, "11/16/18 19:40:59,123456789 GMT", 1542397259123},
		{`"yyyy-MM-dd HH:mm:ss,SSS"`, "2020-04-03 07:01:55,248", 1585897315248},
		{`"MMMM d, yyyy h:mm a"`, "february 3, 2021 12:05 am", 1612310700000},
		{`"hh:mm a"`, "12:30 PM", 45000000},
		{`"kk:mm"`, "24:00", 0},
		{`"yyyy DDD"`, "2024 060", 1709164800000},
		// no year: the clock's year; no date at all: 1970-01-01
		{`"MMM dd HH:mm:ss"`, "Jan 02 03:04:05", 1767323045000},
		{`"HH:mm:ss"`, "00:00:01", 1000},
		// 2-digit years pivot on the clock (Joda: 80 years back, 20 ahead)
		{`"yy"`, "45", 2366841600000},
		{`"yy"`, "46", -757382400000},
	}
	for _, tc := range tests {
		p, err := Compile(`r %{date(`+tc.pattern+`):d}`, "", WithNow(func() time.Time { return now }))
		if err != nil {
			t.Errorf("%s: %v", tc.pattern, err)
			continue
		}
		attrs, _, ok := p.Parse(tc.log)
		if !ok {
			t.Errorf("%s: %q does not match", tc.pattern, tc.log)
			continue
		}
		if got := attrs["d"]; got != tc.want {
			t.Errorf("%s on %q = %v, want %d (%s)", tc.pattern, tc.log, got, tc.want, time.UnixMilli(tc.want).UTC())
		}
	}
	// invalid dates match the pattern but the value is dropped
	p := MustCompile(`r %{date("yyyy-MM-dd"):d}`, "")
	for _, log := range []string{"2023-02-30", "2023-13-01", "2023-00-10"} {
		if attrs, _, ok := p.Parse(log); !ok || len(attrs) != 0 {
			t.Errorf("%s: got %v %v, want a match without the attribute", log, attrs, ok)
		}
	}
	// an unknown zone name in the log drops the value
	p = MustCompile(`r %{date("HH:mm z"):d}`, "")
	if attrs, _, ok := p.Parse("10:00 XYZ"); !ok || len(attrs) != 0 {
		t.Errorf("unknown zone: %v %v", attrs, ok)
	}
}

func TestDefaultClock(t *testing.T) {
	p := MustCompile(`r %{date("MM-dd"):d}`, "")
	attrs, _, _ := p.Parse("01-01")
	year := time.Now().UTC().Year()
	want := time.Date(year, 1, 1, 0, 0, 0, 0, time.UTC).UnixMilli()
	if attrs["d"] != want {
		t.Errorf("d = %v, want %d (Jan 1 of the current year)", attrs["d"], want)
	}
}

// Key-value cases beyond the documented table, after the tests of Vector's
// open-source re-implementation.
func TestKeyvalue(t *testing.T) {
	tests := []struct {
		args, log, want string
	}{
		{``, `'key'='valueStr'`, `{"key":"valueStr"}`},
		{``, `<key>=<valueStr>`, `{"key":"valueStr"}`},
		{``, `key1=value1, key2=value2`, `{"key1":"value1","key2":"value2"}`},
		{`("="," ")`, `key1=value1, key2 = value 2 `, `{"key1":"value1","key2":"value 2"}`},
		{``, `key1=value1;key2=value2`, `{"key1":"value1","key2":"value2"}`},
		{``, `key1=,key2=null,key3= ,key4=value4`, `{"key4":"value4"}`},
		{``, `=,=value`, `{}`},
		{``, `float=1.2,boolean=true,null=null,string=abc,integer1=11,integer2=12`, `{"float":1.2,"boolean":true,"string":"abc","integer1":11,"integer2":12}`},
		{``, `float=1.2 , boolean=true , null=null    ,   string=abc , integer1=11  ,  integer2=12  `, `{"float":1.2,"boolean":true,"string":"abc","integer1":11,"integer2":12}`},
		{``, `key = valueStr`, `{}`},
		{``, `key= valueStr`, `{}`},
		{``, `key =valueStr`, `{}`},
		{`(":")`, `kafka_cluster_status:8ca7b736f0aa43e5`, `{"kafka_cluster_status":"8ca7b736f0aa43e5"}`},
		{``, `field=2.0e`, `{"field":"2.0e"}`},
		{`("=", "\\w.\\-_@:")`, `IN=eth0 OUT= MAC`, `{"IN":"eth0"}`},
		{``, `db.name=my_db,db.operation=insert`, `{"db":{"name":"my_db","operation":"insert"}}`},
		{``, ` , key1=value1 "key2"="value2",key3=value3 `, `{"key1":"value1","key2":"value2","key3":"value3"}`},
		{`(": ",",")`, `client: 217.92.148.44, server: localhost, request: "HEAD http://174.138.82.103:80/sql/sql-admin/ HTTP/1.1", host: "174.138.82.103"`,
			`{"client":"217.92.148.44","server":"localhost","request":"HEAD http://174.138.82.103:80/sql/sql-admin/ HTTP/1.1","host":"174.138.82.103"}`},
		{``, `a=1, a=1, a=2`, `{"a":[1,1,2]}`},
		{`("="," ")`, `a= foo`, `{"a":"foo"}`},
		{`("="," ")`, `a key=value`, `{}`},
		{``, `a=07`, `{"a":7}`},
		{``, `a=08`, `{"a":"08"}`},
		{``, `quoted="123" bare=123 neg=-4 nan=nan`, `{"quoted":"123","bare":123,"neg":-4,"nan":"nan"}`},
		{`("=", "", "", "|;")`, `a=1;b=2|c=3`, `{"a":1,"b":2,"c":3}`},
	}
	for _, tc := range tests {
		rule := `r %{data::keyvalue` + tc.args + `}`
		p, err := Compile(rule, "")
		if err != nil {
			t.Errorf("%s: %v", rule, err)
			continue
		}
		attrs, _, ok := p.Parse(tc.log)
		if !ok {
			t.Errorf("%s: no match on %q", rule, tc.log)
			continue
		}
		var want any
		if err := json.Unmarshal([]byte(tc.want), &want); err != nil {
			t.Fatal(err)
		}
		if got := normJSON(t, attrs); !reflect.DeepEqual(got, want) {
			t.Errorf("%s on %q:\n got %v\nwant %v", rule, tc.log, got, want)
		}
	}
}

// Array cases after the tests of Vector's open-source re-implementation.
func TestArray(t *testing.T) {
	tests := []struct {
		filter, log, want string
	}{
		{`array`, `[1,2]`, `["1","2"]`},
		{`array("\\t")`, "[1\t2]", `["1","2"]`},
		{`array("[]","\\n")`, "[1\n2]", `["1","2"]`},
		{`array("","-")`, `1-2`, `["1","2"]`},
		{`array(integer)`, `[1,2]`, `[1,2]`},
		{`array(";", integer)`, `[1;2]`, `[1,2]`},
		{`array("{}",";", integer)`, `{1;2}`, `[1,2]`},
		{`array(number)`, `[1,2]`, `[1,2]`},
		{`array(scale(10))`, `[1,2.1]`, `[10,21]`},
		{`array("{}",";", scale(10))`, `{1;2.1}`, `[10,21]`},
		{`array`, `[ 1 ,2]`, `[" 1 ","2"]`},
		{`array`, `[]`, `[]`},
		{`array`, `abc`, `["abc"]`}, // no brackets given: none needed (Datadog's CoreDNS pipeline)
		{`array(",")`, `qr,aa`, `["qr","aa"]`},
		{`array("[]",",")`, `abc`, ``},    // brackets given and missing: dropped
		{`array(scale(10))`, `[a,b]`, ``}, // the sub-filter fails: dropped
	}
	for _, tc := range tests {
		rule := `r %{data:f:` + tc.filter + `}`
		p, err := Compile(rule, "")
		if err != nil {
			t.Errorf("%s: %v", rule, err)
			continue
		}
		attrs, _, ok := p.Parse(tc.log)
		if !ok {
			t.Errorf("%s: no match", rule)
			continue
		}
		if tc.want == "" {
			if len(attrs) != 0 {
				t.Errorf("%s on %q: got %v, want the attribute dropped", rule, tc.log, attrs)
			}
			continue
		}
		var want any
		if err := json.Unmarshal([]byte(tc.want), &want); err != nil {
			t.Fatal(err)
		}
		if got := normJSON(t, attrs["f"]); !reflect.DeepEqual(got, want) {
			t.Errorf("%s on %q: got %v, want %v", rule, tc.log, got, want)
		}
	}
}

func TestConcurrentParse(t *testing.T) {
	p := MustCompile(`r %{word:w} %{date("HH:mm"):t} %{data::keyvalue}`, "")
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := 0; j < 200; j++ {
				attrs, _, ok := p.Parse("x 10:30 a=1 b=two")
				if !ok || attrs["a"] != int64(1) || attrs["t"] != int64(37800000) {
					t.Errorf("got %v", attrs)
					return
				}
			}
		}()
	}
	wg.Wait()
}

func TestMustCompilePanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("MustCompile did not panic")
		}
	}()
	MustCompile(`r %{nope}`, "")
}

// Helper rule names may start with '_', as Datadog's own integration
// pipelines write them (nginx: _auth, _bytes_written).
func TestUnderscoreRuleNames(t *testing.T) {
	p, err := Compile(`access %{_client_ip} %{_auth}`, "_client_ip %{ipOrHost:network.client.ip}\n_auth %{notSpace:http.auth:nullIf(\"-\")}")
	if err != nil {
		t.Fatal(err)
	}
	attrs, rule, ok := p.Parse("10.0.0.1 -")
	if !ok || rule != "access" || !reflect.DeepEqual(attrs, map[string]any{"network": map[string]any{"client": map[string]any{"ip": "10.0.0.1"}}}) {
		t.Errorf("%v %q %v", ok, rule, attrs)
	}
}

// An inline (?-s) turns dot-all off for the matchers after it, data
// included; before it, and in rules without it, data spans lines.
func TestInlineFlagsData(t *testing.T) {
	p := MustCompile("oneline (?-s)%{word:w} %{data:rest}\nany %{word:w} %{data:rest}", "")
	_, rule, ok := p.Parse("a b\nc")
	if !ok || rule != "any" {
		t.Errorf("multi-line log: rule %q, want any (data under (?-s) stops at the newline)", rule)
	}
	attrs, rule, _ := p.Parse("a b c")
	if rule != "oneline" || attrs["rest"] != "b c" {
		t.Errorf("one-line log: %q %v", rule, attrs)
	}
	q := MustCompile("r %{data:head}(?-s)\\n%{data:tail}\nflagless %{data:head}\\n%{data:tail}", "")
	attrs, rule, _ = q.Parse("x\ny\nz")
	if rule != "r" || attrs["head"] != "x\ny" || attrs["tail"] != "z" {
		t.Errorf("data before (?-s) spans lines, data after it does not: %q %v", rule, attrs)
	}
	q = MustCompile("r (?-s)%{data:head}\\n%{data:tail}\nflagless %{data:head}\\n%{data:tail}", "")
	if _, rule, _ = q.Parse("x\ny\nz"); rule != "flagless" {
		t.Errorf("rule %q: with (?-s) first, no data may span a newline", rule)
	}
}

func TestAmbiguousEscapeWarnings(t *testing.T) {
	match := `r %{regex("\d{4}"):y} %{regex("[^\]]+"):x} %{regex("\\d"):z} %{data::keyvalue("=", "\"")}`
	p, err := Compile(match, "h %{regex(\"\\w\")}")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, w := range p.Warnings() {
		got = append(got, w.String())
	}
	want := []string{
		`grok: support rule "h" (line 1, col 12): ambiguous escape \w`,
		`grok: match rule "r" (line 1, col 12): ambiguous escape \d`,
		`grok: match rule "r" (line 1, col 34): ambiguous escape \]`,
	}
	if len(got) != len(want) {
		t.Fatalf("warnings:\n%s", strings.Join(got, "\n"))
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("warning %d:\n got %s\nwant %s…", i, got[i], want[i])
		}
	}
	_, err = Compile(match, "", Strict())
	var se *SyntaxError
	if !errors.As(err, &se) || se.Rule != "r" || se.Col != 12 || !strings.Contains(se.Msg, "ambiguous escape") {
		t.Errorf("strict: %v", err)
	}
	if _, err := Compile(`r %{regex("[0-9]{4}"):y} %{regex("[^]]+"):x}`, "", Strict()); err != nil {
		t.Errorf("no escapes: %v", err)
	}
}
