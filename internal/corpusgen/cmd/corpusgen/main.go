// Command corpusgen writes the log-parser test corpus.
//
// Usage (from the module root):
//
//	go run ./internal/corpusgen/cmd/corpusgen -out testdata/corpus
//	go run ./internal/corpusgen/cmd/corpusgen -only python -pods ''   # one format's streams
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/relevel/relevel/internal/corpusgen"
)

func main() {
	out := flag.String("out", "testdata/corpus", "output directory (the .log and .truth.json files of its logger subdirectories are replaced)")
	pods := flag.String("pods", "testdata/pods", "sample node tree written from the corpus as container runtimes write it (\"\" to skip)")
	only := flag.String("only", "", "comma-separated logger directories to regenerate (python,…); the others' committed files are kept")
	flag.Parse()
	start := time.Now()
	var loggers []string
	if *only != "" {
		loggers = strings.Split(*only, ",")
	}
	if err := corpusgen.GenerateOnly(*out, loggers); err != nil {
		fmt.Fprintln(os.Stderr, "corpusgen:", err)
		os.Exit(1)
	}
	if *pods != "" {
		if err := os.RemoveAll(*pods); err != nil {
			fmt.Fprintln(os.Stderr, "corpusgen:", err)
			os.Exit(1)
		}
		if err := corpusgen.WritePods(*out, *pods); err != nil {
			fmt.Fprintln(os.Stderr, "corpusgen:", err)
			os.Exit(1)
		}
	}
	fmt.Fprintf(os.Stderr, "corpusgen: wrote %s in %v\n", *out, time.Since(start).Round(time.Millisecond))
}
