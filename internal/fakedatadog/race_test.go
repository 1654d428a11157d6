//go:build race

package fakedatadog

const raceEnabled = true
