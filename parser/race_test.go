//go:build race

package parser

// raceEnabled lets the long single-goroutine oracle tests run a sample
// under the race detector (make test), which slows them tenfold and has
// nothing to find in them; plain `go test` runs them whole.
const raceEnabled = true
