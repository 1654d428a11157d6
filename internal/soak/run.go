package soak

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/relevel/relevel/internal/fakedatadog"
)

// Options are what a run needs besides its schedule.
type Options struct {
	Bin string    // the relevel binary
	Dir string    // an empty work directory
	Log io.Writer // progress; nil discards
	// Settle bounds the wait, after the writers stop and the forwarder
	// runs undisturbed, for the last lines to arrive (default 60s).
	Settle time.Duration
}

// Result is what a run found.
type Result struct {
	Written    int      // lines written
	Delivered  int      // distinct lines delivered
	Deliveries int      // deliveries in all (Deliveries - Delivered repeat)
	Excused    int      // not delivered, and every file that held them was compressed or deleted first
	Restarts   int      // forwarder processes started after the first
	Problems   []string // violations of the guarantee; empty when the run passed
}

// DuplicateRatio is the share of deliveries that repeat a line.
func (r *Result) DuplicateRatio() float64 {
	if r.Deliveries == 0 {
		return 0
	}
	return float64(r.Deliveries-r.Delivered) / float64(r.Deliveries)
}

const apiKey = "soak0123456789abcdef0123456789ab"

// proc is one forwarder process.
type proc struct {
	cmd    *exec.Cmd
	done   chan struct{}
	err    error
	stderr *bytes.Buffer
	mu     sync.Mutex
}

func (p *proc) Write(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.stderr.Write(b)
}

func (p *proc) log() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.stderr.String()
}

// runner is the state of one run.
type runner struct {
	s    *Schedule
	o    Options
	pods string
	out  string // file sink
	fake *fakedatadog.Intake

	mu         sync.Mutex
	conts      []*container
	excused    map[string]bool
	epochEnds  []int  // per process: deliveries seen when it ended
	epochKills []bool // per process: it ended by SIGKILL
	ambiguous  bool   // an intake fault whose outcome the forwarder cannot know happened
	p          *proc
	problems   []string
	logs       []string // stderr of every process

	fileMu   sync.Mutex
	fileOff  int64      // the file sink's output read so far (whole lines)
	fileDels []delivery // what those lines delivered
}

// Run executes s and checks the guarantee. An error means the run could
// not be carried out (a file operation failed); violations are in
// Result.Problems.
func Run(ctx context.Context, s *Schedule, o Options) (*Result, error) {
	if o.Log == nil {
		o.Log = io.Discard
	}
	if o.Settle <= 0 {
		o.Settle = 60 * time.Second
	}
	r := &runner{s: s, o: o, pods: filepath.Join(o.Dir, "pods"), out: filepath.Join(o.Dir, "records.jsonl"), excused: map[string]bool{}}
	if s.Sink == SinkDatadog {
		fake, err := fakedatadog.NewIntake(fakedatadog.WithAPIKey(apiKey), fakedatadog.AllowViolations())
		if err != nil {
			return nil, err
		}
		defer fake.Close()
		r.fake = fake
		if err := os.WriteFile(filepath.Join(o.Dir, "api-key"), []byte(apiKey+"\n"), 0o600); err != nil {
			return nil, err
		}
	}
	for i := range s.Containers {
		c, err := newContainer(r.pods, i, s.CopyMode[i], s.Seed)
		if err != nil {
			return nil, err
		}
		r.conts = append(r.conts, c)
	}
	if err := r.start(); err != nil {
		return nil, err
	}
	defer func() {
		if r.p != nil {
			_ = r.p.cmd.Process.Kill()
			<-r.p.done
		}
	}()
	err := r.play(ctx)
	if err == nil {
		err = r.settle(ctx)
	}
	if err != nil {
		return nil, err
	}
	return r.check(), nil
}

func (r *runner) args() []string {
	a := []string{"sidecar", "--include", filepath.Join(r.pods, "*", "*", "*.log"),
		"--state-dir", filepath.Join(r.o.Dir, "state"), "--flush-interval", "100ms"}
	if r.s.Sink == SinkFile {
		return append(a, "--sink", "file", "--sink-path", r.out)
	}
	return append(a, "--sink", "datadog", "--intake-url", r.fake.URL(), "--api-key-file", filepath.Join(r.o.Dir, "api-key"),
		"--batch-wait", "200ms", "--max-backoff", "1s", "--hostname", "soak", "--shutdown-timeout", "5s",
		"--intake-concurrency", fmt.Sprint(r.s.Concurrency))
}

func (r *runner) start() error {
	p := &proc{cmd: exec.Command(r.o.Bin, r.args()...), done: make(chan struct{}), stderr: &bytes.Buffer{}}
	p.cmd.Stderr = p
	if err := p.cmd.Start(); err != nil {
		return err
	}
	go func() { p.err = p.cmd.Wait(); close(p.done) }()
	r.mu.Lock()
	r.p = p
	r.mu.Unlock()
	return nil
}

// stop ends the running process by sig and records where its epoch ends.
func (r *runner) stop(sig syscall.Signal) {
	p := r.p
	if p == nil {
		return
	}
	if sig == syscall.SIGTERM {
		// A SIGTERM before relevel installed its handler kills it by the
		// default action: wait until it holds the state directory's lock,
		// which it takes after installing it (the lock file names its PID).
		lock := filepath.Join(r.o.Dir, "state", "relevel.lock")
		want := strconv.Itoa(p.cmd.Process.Pid) + "\n"
		for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
			if b, err := os.ReadFile(lock); err == nil && string(b) == want {
				break
			}
		}
	}
	_ = p.cmd.Process.Signal(sig)
	select {
	case <-p.done:
	case <-time.After(30 * time.Second):
		r.problem("no exit 30s after %v\n%s", sig, p.log())
		_ = p.cmd.Process.Kill()
		<-p.done
	}
	if sig == syscall.SIGTERM && p.err != nil {
		r.problem("exit after SIGTERM: %v", p.err)
	}
	r.mu.Lock()
	r.p = nil
	r.logs = append(r.logs, p.log())
	r.mu.Unlock()
	if r.fake != nil {
		// A request the process sent in full before it died is still
		// being handled (validated against the spec, then accepted):
		// its items belong to this epoch, or a resend by the next
		// process would look like a repeat within one process. Requests
		// the fake holds (an accept-then-hang outage) make the schedule
		// ambiguous anyway; do not wait for those.
		for deadline := time.Now().Add(2 * time.Second); r.fake.InFlight() > 0 && time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		}
	}
	r.epochEnds = append(r.epochEnds, len(r.deliveries()))
	r.epochKills = append(r.epochKills, sig == syscall.SIGKILL)
}

func (r *runner) problem(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.problems = append(r.problems, fmt.Sprintf(format, args...))
}

// gone is called when a generation can no longer be read: its lines not
// delivered by then are excused.
func (r *runner) gone(g *gen) {
	got := map[string]bool{}
	for _, d := range r.deliveries() {
		got[d.id] = true
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, id := range g.ids {
		if !got[id] {
			r.excused[id] = true
		}
	}
}

// play runs the writers and the events for the schedule's duration.
func (r *runner) play(ctx context.Context) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	errs := make(chan error, 64)
	var wg sync.WaitGroup
	startWriter := func(c *container) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			tick := time.NewTicker(time.Second / time.Duration(r.s.Rate))
			defer tick.Stop()
			for {
				select {
				case <-ctx.Done():
					return
				case <-tick.C:
					if err := c.write(); err != nil {
						errs <- err
						return
					}
				}
			}
		}()
	}
	for _, c := range r.conts {
		startWriter(c)
	}
	begin := time.Now()
	restartAt := time.Time{}
	for _, e := range r.s.Events {
		// Wait for the event, restarting the forwarder when it is due.
		for {
			now := time.Now()
			due := begin.Add(e.At)
			if !restartAt.IsZero() && !restartAt.After(now) {
				if err := r.start(); err != nil {
					return err
				}
				restartAt = time.Time{}
				continue
			}
			next := due
			if !restartAt.IsZero() && restartAt.Before(next) {
				next = restartAt
			}
			if !next.After(now) {
				break
			}
			select {
			case <-ctx.Done():
				return ctx.Err()
			case err := <-errs:
				return err
			case <-time.After(next.Sub(now)):
			}
		}
		fmt.Fprintf(r.o.Log, "seed %d %s: %s\n", r.s.Seed, r.s.Sink, e)
		if err := r.do(e, &restartAt, startWriter); err != nil {
			return err
		}
	}
	if wait := time.Until(begin.Add(r.s.Duration)); wait > 0 {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case err := <-errs:
			return err
		case <-time.After(wait):
		}
	}
	cancel()
	wg.Wait()
	select {
	case err := <-errs:
		return err
	default:
	}
	if r.p == nil {
		return r.start()
	}
	return nil
}

func (r *runner) do(e Event, restartAt *time.Time, startWriter func(*container)) error {
	var c *container
	if e.Kind != PodAdd && e.Kind != Outage && e.Kind != Kill && e.Kind != Term && e.Container < len(r.conts) {
		c = r.conts[e.Container]
	}
	switch e.Kind {
	case Rotate, RotateGzip:
		if c != nil {
			// The reopen delay runs beside the schedule, as the runtime's would.
			go func() {
				if err := c.rotate(e.Arg, e.Kind == RotateGzip, r.gone); err != nil {
					r.problem("rotate c%d: %v", c.idx, err)
				}
			}()
		}
	case CopyTruncate:
		if c != nil {
			return c.copyTruncate(r.gone)
		}
	case Burst:
		if c != nil {
			c.mu.Lock()
			c.burst = 20
			c.mu.Unlock()
		}
	case PodAdd:
		nc, err := newContainer(r.pods, e.Container, r.s.CopyMode[min(e.Container, len(r.s.CopyMode)-1)], r.s.Seed)
		if err != nil {
			return err
		}
		r.mu.Lock()
		r.conts = append(r.conts, nc)
		r.mu.Unlock()
		startWriter(nc)
	case PodRemove:
		if c != nil {
			c.stop()
			go func() {
				time.Sleep(500 * time.Millisecond) // kubelet removes the directory after the pod is gone: a scheduled delay
				if err := c.remove(r.gone); err != nil {
					r.problem("remove c%d: %v", c.idx, err)
				}
			}()
		}
	case Kill, Term:
		if r.p == nil {
			return nil // down already
		}
		sig := syscall.SIGKILL
		if e.Kind == Term {
			sig = syscall.SIGTERM
		}
		r.stop(sig)
		*restartAt = time.Now().Add(e.Arg)
	case Outage:
		switch e.Fault {
		case Fault503:
			r.fake.FailFor(e.Arg, fakedatadog.ServiceUnavailable())
		case Fault500:
			r.fake.FailFor(e.Arg, fakedatadog.InternalError())
		case FaultReset:
			r.ambiguous = true
			r.fake.FailFor(e.Arg, fakedatadog.Disconnect())
		case FaultHang:
			r.ambiguous = true
			r.fake.SetDelay(e.Arg)
			go func() {
				time.Sleep(e.Arg) // the end of a scheduled outage
				r.fake.SetDelay(0)
			}()
		case Fault429:
			r.fake.FailFor(e.Arg, fakedatadog.RateLimited(1))
		case Fault413:
			r.fake.FailNext(2, fakedatadog.Failure{Status: http.StatusRequestEntityTooLarge, Body: `{"errors":[{"detail":"Payload too large","status":"413","title":"Request Entity Too Large"}]}`})
		}
	}
	return nil
}

// delivery is one delivered line.
type delivery struct {
	id    string
	batch int // the request (datadog) that carried it; -1 for the file sink
}

var idRE = regexp.MustCompile(`id=\\?"?(c\d+n\d{7})`)

// deliveries returns every delivered line so far, in delivery order. The
// file sink's output is read on from where the last call stopped, so a
// run's many calls cost its output once, not once per call.
func (r *runner) deliveries() []delivery {
	if r.s.Sink == SinkFile {
		r.fileMu.Lock()
		defer r.fileMu.Unlock()
		f, err := os.Open(r.out)
		if err != nil {
			return nil
		}
		defer f.Close()
		data, err := io.ReadAll(io.NewSectionReader(f, r.fileOff, 1<<40))
		if err != nil {
			return slices.Clone(r.fileDels)
		}
		// Whole lines only: the last one may be being written.
		if end := bytes.LastIndexByte(data, '\n'); end >= 0 {
			data = data[:end+1]
		} else {
			data = nil
		}
		r.fileOff += int64(len(data))
		for len(data) > 0 {
			line := data
			if i := bytes.IndexByte(data, '\n'); i >= 0 {
				line, data = data[:i], data[i+1:]
			}
			var rec struct {
				Attributes map[string]any `json:"attributes"`
				Message    string         `json:"message"`
			}
			if json.Unmarshal(line, &rec) != nil {
				continue // a line being written when the process was killed
			}
			r.fileDels = append(r.fileDels, idsOf(rec.Attributes, rec.Message, -1)...)
		}
		return slices.Clone(r.fileDels)
	}
	var out []delivery
	for _, it := range r.fake.Accepted() {
		attrs, _ := it.Fields["attributes"].(map[string]any)
		out = append(out, idsOf(attrs, it.Message(), it.Request)...)
	}
	return out
}

func idsOf(attrs map[string]any, msg string, batch int) []delivery {
	var out []delivery
	if id, ok := attrs["id"].(string); ok {
		out = append(out, delivery{id, batch})
	}
	for _, m := range idRE.FindAllStringSubmatch(msg, -1) {
		out = append(out, delivery{m[1], batch})
	}
	return out
}

// settle waits until every line that is not excused has arrived, or until
// Settle passes without progress, then stops the forwarder with SIGTERM.
func (r *runner) settle(ctx context.Context) error {
	if r.fake != nil {
		r.fake.ClearFailures()
		r.fake.SetDelay(0)
	}
	want := r.written()
	last, lastChange := -1, time.Now()
	for {
		got := map[string]bool{}
		for _, d := range r.deliveries() {
			got[d.id] = true
		}
		missing := 0
		r.mu.Lock()
		for _, id := range want {
			if !got[id] && !r.excused[id] {
				missing++
			}
		}
		r.mu.Unlock()
		if missing == 0 {
			break
		}
		if missing != last {
			last, lastChange = missing, time.Now()
		}
		if time.Since(lastChange) > r.o.Settle {
			break
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-r.p.done:
			r.problem("the forwarder exited by itself: %v", r.p.err)
			r.stop(syscall.SIGKILL)
			return nil
		case <-time.After(100 * time.Millisecond):
		}
	}
	r.stop(syscall.SIGTERM)
	return nil
}

func (r *runner) written() []string {
	// r.mu is not held while a container's is: rotations call gone, which
	// takes r.mu, with the container's lock held.
	r.mu.Lock()
	conts := slices.Clone(r.conts)
	r.mu.Unlock()
	var out []string
	for _, c := range conts {
		c.mu.Lock()
		for _, ids := range c.streams {
			out = append(out, ids...)
		}
		c.mu.Unlock()
	}
	return out
}

// check applies the guarantee to what was written and delivered.
func (r *runner) check() *Result {
	ds := r.deliveries()
	res := &Result{Restarts: len(r.epochEnds) - 1, Deliveries: len(ds)}
	// The epoch of each delivery: the process that delivered it.
	epochOf := func(i int) int {
		return sort.SearchInts(r.epochEnds, i+1)
	}
	first := map[string]int{}
	seen := map[string]int{}
	var dupProblems int
	for i, d := range ds {
		if j, ok := seen[d.id]; ok {
			a, b := epochOf(j), epochOf(i)
			killed := slices.Contains(r.epochKills[min(a, len(r.epochKills)):min(b, len(r.epochKills))], true)
			if !killed && !r.ambiguous {
				if dupProblems < 5 {
					r.problem("line %s delivered again (deliveries %d and %d, processes %d and %d) with no kill -9 or ambiguous intake fault between", d.id, j, i, a, b)
				}
				dupProblems++
			}
		} else {
			first[d.id] = i
		}
		seen[d.id] = i
	}
	if dupProblems > 5 {
		r.problem("... %d unexplained repeats in all", dupProblems)
	}
	res.Delivered = len(first)
	var lost []string
	for _, c := range r.conts {
		for stream, ids := range c.streams {
			res.Written += len(ids)
			prev, prevBatch := -1, -1
			for _, id := range ids {
				i, ok := first[id]
				if !ok {
					if r.excused[id] {
						res.Excused++
					} else {
						lost = append(lost, id)
					}
					continue
				}
				batch := ds[i].batch
				if i < prev && (r.s.Concurrency == 1 || batch == prevBatch) {
					r.problem("c%d %s: %s was first delivered before a line written earlier", c.idx, stream, id)
				}
				prev, prevBatch = i, batch
			}
		}
	}
	if len(lost) > 0 {
		slices.Sort(lost)
		r.problem("%d of %d lines never delivered, e.g. %s", len(lost), res.Written, strings.Join(lost[:min(len(lost), 8)], " "))
	}
	for _, l := range r.logs {
		for _, line := range strings.Split(l, "\n") {
			if strings.Contains(line, `"level":"ERROR"`) && !strings.Contains(line, "413") {
				r.problem("the forwarder logged an error: %s", line)
			}
		}
	}
	res.Problems = r.problems
	return res
}

// ErrFailed reports a run whose result has problems.
var ErrFailed = errors.New("soak: the delivery guarantee was violated")
