package main

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
)

// memoryLimitShare is the part of the container's memory limit given to
// the Go runtime as its soft limit: the rest is for what the runtime does
// not count (thread stacks outside the heap's spans, the binary's text,
// the kernel's page cache charged to the cgroup for the files read).
const memoryLimitShare = 0.9

// setMemoryLimit gives the Go runtime a soft memory limit from the
// container's cgroup memory limit, so the garbage collector works harder
// as the process nears the limit instead of the kernel killing it: a
// forwarder that buffers through an intake outage has most of its memory
// in a heap that the default GOGC=100 would let double. GOMEMLIMIT, when
// set, wins (the runtime has read it already). It returns the limit set,
// 0 for none.
func setMemoryLimit() int64 {
	if os.Getenv("GOMEMLIMIT") != "" {
		return 0
	}
	limit, ok := cgroupMemoryLimit("/sys/fs/cgroup", "/proc/self/cgroup")
	if !ok {
		return 0
	}
	soft := int64(float64(limit) * memoryLimitShare)
	debug.SetMemoryLimit(soft)
	return soft
}

// cgroupMemoryLimit reads the memory limit of this process's cgroup under
// root (the cgroup file system's mount point): v2's memory.max of the
// group /proc/self/cgroup names (or of root itself, as a container with
// its own cgroup namespace sees it), else v1's memory.limit_in_bytes. ok
// is false when there is no limit ("max", or v1's near-2^63 page-rounded
// maximum).
func cgroupMemoryLimit(root, self string) (int64, bool) {
	var dirs []string
	if f, err := os.Open(self); err == nil {
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			// v2: "0::/kubepods/…"; v1: "7:memory:/kubepods/…".
			parts := strings.SplitN(sc.Text(), ":", 3)
			if len(parts) != 3 {
				continue
			}
			switch {
			case parts[0] == "0" && parts[1] == "":
				dirs = append(dirs, filepath.Join(root, parts[2], "memory.max"))
			case strings.Contains(","+parts[1]+",", ",memory,"):
				dirs = append(dirs, filepath.Join(root, "memory", parts[2], "memory.limit_in_bytes"))
			}
		}
		f.Close()
	}
	dirs = append(dirs, filepath.Join(root, "memory.max"), filepath.Join(root, "memory", "memory.limit_in_bytes"))
	for _, p := range dirs {
		b, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		v := string(bytes.TrimSpace(b))
		if v == "max" {
			return 0, false
		}
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n <= 0 {
			continue
		}
		// v1 writes "no limit" as the largest page-aligned int64.
		if n >= 1<<62 {
			return 0, false
		}
		return n, true
	}
	return 0, false
}

// datadogGCPercent is the collector's target for the datadog sink: the
// heap may grow to 1.5 times what is live, not twice (GOGC's default).
const datadogGCPercent = 50

// tuneGCForBuffer sets the collector's target for the datadog sink, unless
// GOGC is set. That sink holds up to --max-buffer-bytes of records in the
// heap through an outage and its catch-up; at the default target a heap
// whose live part is that buffer and the requests in flight may double
// before the collector runs, which put the catch-up's peak RSS at the
// documented bound (2 × the buffer + 64 MiB) in one run of
// TestPeakRSSOutageAndCatchUp out of four. A soft memory limit at that
// bound would hold it harder, but the bound does not count the tailers'
// buffers of a busy node, and a limit below the live heap makes the
// collector run without end; a lower target only costs more collections.
func tuneGCForBuffer() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(datadogGCPercent)
	}
}
