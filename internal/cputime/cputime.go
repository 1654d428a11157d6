// Package cputime reads the CPU time the process has used, so that a
// benchmark can report throughput per CPU-second, which other processes on
// a shared machine do not dilute as they do wall-clock time.
package cputime

import "time"

// Now returns the CPU time (user and system) the process has used; ok is
// false where the system does not say.
func Now() (d time.Duration, ok bool) { return now() }
