package corpusgen

import (
	"fmt"
	"log"
)

// genStdlogPlainLines: package log lines without a level (log.Printf with
// LstdFlags, then with Lshortfile), each followed by lines other writers
// put on the same stream: fmt banners, Gin's debug route table (Gin prints
// "[GIN-debug] …" with fmt.Fprintf to its DefaultWriter; Gin is not
// imported, its line shape is reproduced) and a client-go event line. As
// sealed-secrets and ollama write at start-up, every line is a record of
// its own: a line without a level takes no continuation.
func genStdlogPlainLines(r *recorder) {
	restore := useStdLog(r, log.LstdFlags)
	defer restore()
	stdLogPrintf(r, "", "Starting sealed-secrets controller version: %s", "0.23.0")
	r.plain("Searching for existing private keys")
	stdLogPrintf(r, "", "New key written to %s", "kube-system/sealed-secrets-keyabcde")
	r.call(FormatNone, LevelNone, `fmt.Fprintf("[GIN-debug] …") (Gin's route table, no level)`, func() {
		fmt.Fprintf(r, "[GIN-debug] %-6s %-25s --> %s (%d handlers)\n", "POST", "/api/pull", "github.com/ollama/ollama/server.(*Server).PullHandler-fm", 5)
	})
	r.call(FormatNone, LevelNone, `fmt.Fprintf("[GIN-debug] …") (Gin's route table, no level)`, func() {
		fmt.Fprintf(r, "[GIN-debug] %-6s %-25s --> %s (%d handlers)\n", "GET", "/api/tags", "github.com/ollama/ollama/server.(*Server).ListHandler-fm", 5)
	})
	log.SetFlags(log.LstdFlags | log.Lshortfile)
	stdLogPrintf(r, "with Lshortfile", "total unused blobs removed: %d", 0)
	r.plain(`Event(v1.ObjectReference{Kind:"SealedSecret", Namespace:"default", Name:"db"}): type: 'Normal' reason: 'Unsealed' SealedSecret unsealed successfully`)
	stdLogPrintf(r, "with Lshortfile", "Listening on %s", "[::]:11434")
}

func stdlogStreams() []*stream {
	return []*stream{
		{logger: "mixed", name: "stdlog-plain-lines", modules: []string{modStd},
			desc: "package log lines without a level (LstdFlags, Lshortfile) among fmt banners, Gin-style route lines and an event line", run: genStdlogPlainLines},
	}
}
