//go:build !unix

package sidecar

import "time"

func cpuTime() (time.Duration, bool) { return 0, false }
