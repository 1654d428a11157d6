package grok_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/relevel/relevel/rules/grok"
)

func Example() {
	p, err := grok.Compile(
		`klog %{regex("[IWEF]"):klog.severity}%{date("MMdd HH:mm:ss.SSSSSS"):klog.time}\s+%{integer:klog.thread_id} %{caller}\] %{data:message}
logfmt %{data::keyvalue}`,
		`caller %{notSpace:klog.file}:%{integer:klog.line}`,
		// klog has no year: Datadog takes the current one.
		grok.WithNow(func() time.Time { return time.Date(2026, 9, 11, 0, 0, 0, 0, time.UTC) }),
	)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, log := range []string{
		`I0911 07:22:25.408586       1 cni_writer.go:930] Successfully synced`,
		`level=warning msg=slow id=42`,
	} {
		attrs, rule, ok := p.Parse(log)
		b, _ := json.Marshal(attrs) // sorted keys
		fmt.Println(rule, ok, string(b))
	}
	// Output:
	// klog true {"klog":{"file":"cni_writer.go","line":930,"severity":"I","thread_id":1,"time":1789111345408},"message":"Successfully synced"}
	// logfmt true {"id":42,"level":"warning","msg":"slow"}
}

func ExampleSyntaxError() {
	_, err := grok.Compile(`access %{ipOrHost:client} %{word:method:upcase}`, "")
	var se *grok.SyntaxError
	if errors.As(err, &se) {
		fmt.Println(se.Rule, se.Line, se.Col)
		fmt.Println(se.Msg)
	}
	// Output:
	// access 1 41
	// unknown filter "upcase"
}
