//go:build !race

package fakedatadog

const raceEnabled = false
