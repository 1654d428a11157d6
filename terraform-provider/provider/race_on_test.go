//go:build race

package provider

// raceEnabled: the test binary runs under the race detector, so the
// walkthrough builds the provider with -race too (and reuses the
// race-instrumented packages the test binary was built from).
const raceEnabled = true
