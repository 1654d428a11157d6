package ndjson

import (
	"testing"

	"github.com/relevel/relevel/parser"
)

// Every level and format has its head in the table (a new format past it
// would take appendHead, correct but slower), and the table's heads are
// the five appends they stand for.
func TestHeadsCoverEveryFormat(t *testing.T) {
	formats := append([]parser.Format{parser.FormatUnknown}, parser.Formats()...)
	for l := parser.LevelUnknown; l <= parser.LevelEmergency; l++ {
		for _, f := range formats {
			if int(l) >= len(heads) || int(f) >= len(heads[0]) {
				t.Fatalf("level %v format %v past the heads table", l, f)
			}
			want := `{"status":"` + l.String() + `","format":"` + f.String() + `","message":`
			if string(heads[l][f].text()) != want {
				t.Fatalf("head %q, want %q", heads[l][f].text(), want)
			}
		}
	}
}
