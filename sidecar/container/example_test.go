package container_test

import (
	"bufio"
	"fmt"
	"strings"

	"github.com/relevel/relevel/sidecar/container"
)

// A tailer reads records and feeds them with their end offset; Feed returns
// the lines they complete. The P pieces of the long stdout line are merged
// while a stderr line completes in between; Resume is the offset to
// checkpoint once a line is delivered.
func ExampleDecoder() {
	file := "2026-11-30T04:43:36.1Z stdout P GET /healthz\n" +
		"2026-11-30T04:43:36.2Z stderr F warning: slow\n" +
		"2026-11-30T04:43:36.3Z stdout F  200 OK\n" +
		"2026-11-30T04:43:36.4Z stdout P no newline yet\n"

	d := container.NewDecoder(container.Auto)
	r := bufio.NewReader(strings.NewReader(file))
	var off int64
	for {
		record, err := r.ReadSlice('\n')
		if len(record) > 0 {
			off += int64(len(record))
			entries, _ := d.Feed(record, off)
			for _, e := range entries {
				fmt.Printf("%s %s %q end=%d resume=%d\n", e.Time.Format("05.0"), e.Stream, e.Line, e.End, e.Resume)
			}
		}
		if err != nil {
			break
		}
	}
	for _, e := range d.Flush() { // end of file: what is pending comes out Partial
		fmt.Printf("%s %s %q partial=%v\n", e.Time.Format("05.0"), e.Stream, e.Line, e.Partial)
	}
	fmt.Println("format:", d.Format())
	// Output:
	// 36.2 stderr "warning: slow" end=91 resume=0
	// 36.1 stdout "GET /healthz 200 OK" end=131 resume=131
	// 36.4 stdout "no newline yet" partial=true
	// format: cri
}

// All does the reading for an io.Reader, here a Docker json-file log.
func ExampleDecoder_All() {
	file := `{"log":"\u001b[32mINFO\u001b[0m started\r\n","stream":"stdout","time":"2026-11-30T04:43:56.1Z"}` + "\n" +
		`{"log":"panic: \u003cnil\u003e","stream":"stderr","time":"2026-11-30T04:43:56.2Z"}` + "\n" +
		`{"log":"\n","stream":"stderr","time":"2026-11-30T04:43:56.2Z"}` + "\n"

	d := container.NewDecoder(container.Auto)
	for e, err := range d.All(strings.NewReader(file)) {
		if err != nil {
			fmt.Println(err)
			break
		}
		fmt.Printf("%s %q\n", e.Stream, e.Line)
	}
	// Output:
	// stdout "\x1b[32mINFO\x1b[0m started"
	// stderr "panic: <nil>"
}
