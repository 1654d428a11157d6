package join_test

import (
	"fmt"
	"strings"

	"github.com/relevel/relevel/parser/join"
)

func ExampleNew() {
	input := "I1130 04:40:14.476873   11180 main.go:32] \"InfoS with multi-line value\" config=<\n" +
		"\tline one\n" +
		"\tline two\n" +
		" >\n" +
		"2026-11-30T04:40:42.709Z\tWARN\tzap/main.go:26\twarn message\n" +
		"main.exercise\n" +
		"\t/src/example/cmd/zap/main.go:26\n" +
		"panic: boom\n" +
		"\n" +
		"goroutine 1 [running]:\n" +
		"main.main()\n"
	s := join.New(strings.NewReader(input))
	for s.Next() {
		r := s.Record()
		fmt.Printf("%s %s, %d lines\n", r.Format, r.Level, s.Lines())
	}
	if err := s.Err(); err != nil {
		fmt.Println(err)
	}
	// Output:
	// klog info, 4 lines
	// zap warning, 3 lines
	// gopanic critical, 4 lines
}
