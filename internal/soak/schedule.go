// Package soak drives the real relevel binary through seeded random
// schedules of faults in combination — rotations of several kinds, partial
// and long lines, pods coming and going, intake outages, kill -9 and
// SIGTERM at random moments — while writers append lines that each carry a
// unique id, and then checks the forwarder's delivery guarantee:
//
//   - every line written is delivered at least once, unless every file that
//     held it was compressed or deleted before it was delivered (the
//     retention assumption: relevel reads uncompressed files only, and a
//     file it never saw again cannot be read; such lines are counted as
//     excused, never silently);
//   - a line is delivered more than once only if it was never acknowledged:
//     its repeat follows a kill -9 of the process that delivered it first,
//     or an intake fault whose outcome the forwarder cannot know (a reset
//     or a held answer: the intake may have stored the batch);
//   - per stream, the first deliveries keep the written order (with one
//     request in flight; with more, within each request).
//
// A schedule is a function of its seed alone, so a failure names the seed
// and prints the schedule, and `make soak SEED=…` replays it. The timing of
// the machine still varies between replays; the schedule does not.
package soak

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"time"
)

// Sink is where the forwarder under test sends records.
type Sink string

// The sinks a schedule can run against.
const (
	SinkFile    Sink = "file"    // --sink file: acknowledged when written
	SinkDatadog Sink = "datadog" // --sink datadog, into internal/fakedatadog
)

// Kind is one kind of scheduled event.
type Kind string

// The events of a schedule.
const (
	Rotate       Kind = "rotate"       // kubelet: rename to <name>.<YYYYMMDD-hhmmss>, new file; the runtime reopens a little later
	RotateGzip   Kind = "rotate+gzip"  // Rotate, then compress every older generation but the newest, as kubelet does
	CopyTruncate Kind = "copytruncate" // logrotate: copy to <name>.1 (older copies shift), truncate in place
	PodAdd       Kind = "pod-add"      // a new container starts writing
	PodRemove    Kind = "pod-remove"   // a container stops; its pod directory is deleted a little later
	Kill         Kind = "kill-9"       // SIGKILL the forwarder; restart after Arg
	Term         Kind = "sigterm"      // SIGTERM the forwarder; restart after Arg
	Outage       Kind = "outage"       // the intake answers Fault for Arg
	Burst        Kind = "burst"        // a container writes long and partial lines for a moment
)

// Fault is how the intake fails during an Outage.
type Fault string

// The intake faults of an outage.
const (
	Fault503   Fault = "503"
	Fault500   Fault = "500"
	FaultReset Fault = "reset"      // the connection is closed without an answer
	FaultHang  Fault = "hang"       // answers are held (accept-then-hang: the client times out)
	Fault429   Fault = "429"        // with X-RateLimit-Reset
	Fault413   Fault = "413-next-2" // the next two requests are too large
)

// Event is one step of a schedule, At after the writers start.
type Event struct {
	At        time.Duration
	Kind      Kind
	Container int           // for rotations, pods and bursts
	Arg       time.Duration // restart delay, outage length, or the runtime's reopen delay
	Fault     Fault         // for Outage
}

func (e Event) String() string {
	s := fmt.Sprintf("%7.3fs %-12s", e.At.Seconds(), e.Kind)
	switch e.Kind {
	case Rotate, RotateGzip, CopyTruncate, PodAdd, PodRemove, Burst:
		s += fmt.Sprintf(" c%d", e.Container)
	}
	switch e.Kind {
	case Outage:
		s += fmt.Sprintf(" %s for %v", e.Fault, e.Arg)
	case Kill, Term:
		s += fmt.Sprintf(" restart after %v", e.Arg)
	case Rotate, RotateGzip:
		s += fmt.Sprintf(" reopen after %v", e.Arg)
	}
	return s
}

// Schedule is everything a run does, derived from Seed.
type Schedule struct {
	Seed        uint64
	Sink        Sink
	Duration    time.Duration // how long the writers write
	Containers  int           // containers at the start
	Rate        int           // lines per second per container
	Concurrency int           // --intake-concurrency (datadog)
	CopyMode    []bool        // per container (by index, including added ones): copytruncate instead of rename
	Events      []Event
}

func (s *Schedule) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "seed %d, sink %s, %v of writing, %d containers at %d lines/s each, intake concurrency %d\n",
		s.Seed, s.Sink, s.Duration, s.Containers, s.Rate, s.Concurrency)
	for _, e := range s.Events {
		b.WriteString("  " + e.String() + "\n")
	}
	return b.String()
}

// NewSchedule derives a schedule from seed: the same seed and sink give the
// same schedule.
func NewSchedule(seed uint64, sink Sink, d time.Duration) *Schedule {
	r := rand.New(rand.NewPCG(seed, 0x736f616b))
	s := &Schedule{Seed: seed, Sink: sink, Duration: d, Containers: 2 + r.IntN(2), Rate: 150 + r.IntN(250), Concurrency: 1}
	if sink == SinkDatadog && r.IntN(2) == 0 {
		s.Concurrency = 2
	}
	total := s.Containers
	ms := func(lo, hi int) time.Duration { return time.Duration(lo+r.IntN(hi-lo+1)) * time.Millisecond }
	at := func() time.Duration { return time.Duration(r.Int64N(int64(d))) }
	// Rotations: every container rotates every 1–3 s.
	for c := range s.Containers + 1 {
		s.CopyMode = append(s.CopyMode, r.IntN(4) == 0)
		_ = c
	}
	// A pod may come and one may go.
	if r.IntN(2) == 0 {
		s.Events = append(s.Events, Event{At: at() / 2, Kind: PodAdd, Container: total})
		total++
	}
	if r.IntN(3) == 0 {
		s.Events = append(s.Events, Event{At: d/2 + at()/2, Kind: PodRemove, Container: r.IntN(s.Containers)})
	}
	for c := range total {
		for t := ms(700, 3000); t < d; t += ms(1000, 3000) {
			e := Event{At: t, Kind: Rotate, Container: c, Arg: ms(0, 40)}
			switch {
			case s.CopyMode[c]:
				e.Kind, e.Arg = CopyTruncate, 0
			case r.IntN(3) == 0:
				e.Kind = RotateGzip
			}
			s.Events = append(s.Events, e)
		}
		if r.IntN(2) == 0 {
			s.Events = append(s.Events, Event{At: at(), Kind: Burst, Container: c})
		}
	}
	// Outages of the intake.
	if sink == SinkDatadog {
		faults := []Fault{Fault503, Fault500, FaultReset, FaultHang, Fault429, Fault413}
		for range 1 + r.IntN(3) {
			f := faults[r.IntN(len(faults))]
			s.Events = append(s.Events, Event{At: at(), Kind: Outage, Fault: f, Arg: ms(500, 4000)})
		}
		if r.IntN(2) == 0 { // an outage from the very start: nothing acknowledged before the first kill
			s.Events = append(s.Events, Event{At: 0, Kind: Outage, Fault: Fault503, Arg: ms(2000, 5000)})
		}
	}
	// Kills and stops: one to three, some right after a rotation, one
	// (sometimes) before anything could be acknowledged.
	nKill := 1 + r.IntN(3)
	for i := range nKill {
		e := Event{Kind: Kill, At: at(), Arg: ms(0, 1500)}
		switch r.IntN(4) {
		case 0: // within milliseconds of a rotation
			var rots []Event
			for _, x := range s.Events {
				if x.Kind == Rotate || x.Kind == RotateGzip || x.Kind == CopyTruncate {
					rots = append(rots, x)
				}
			}
			if len(rots) > 0 {
				e.At = rots[r.IntN(len(rots))].At + ms(0, 30)
			}
		case 1:
			if i == 0 {
				e.At = ms(50, 600) // before the first acknowledgement, likely
			}
		}
		if r.IntN(4) == 0 {
			e.Kind = Term
		}
		s.Events = append(s.Events, e)
	}
	slices.SortStableFunc(s.Events, func(a, b Event) int { return int(a.At - b.At) })
	return s
}
