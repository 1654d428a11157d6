//go:build race

package fakeintake

const raceEnabled = true
