//go:build !race

package main

// raceEnabled reports whether the tests run under the race detector; the
// end-to-end tests then build the binary with it too.
const raceEnabled = false
